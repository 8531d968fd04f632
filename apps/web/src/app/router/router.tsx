import { Center, Loader } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { ROUTES, type RouteDef } from '@netfleet/contracts';
import { cancelAllPending } from '@/lib/api-client';
import { RealtimeProvider } from '@/lib/realtime';
import { ActionStatusHost } from '@/components/action-status';
import { DialogHost, registerNamedDialogs } from '@/components/dialogs';
import { FormRegistryProvider } from '@/components/schema-form';
import type { Brand } from '@/components/brand';
import { FORMS } from '@/app/forms';
import { NAMED_DIALOGS } from '@/app/named-dialogs';
import type { PageRegistry } from '@/app/pages';
import { AppShellLayout } from '@/app/shell/app-shell-layout';
import { StartupGate } from '@/app/startup/startup-gate';
import { LandingRedirect } from './landing-redirect';
import { RouteErrorPage } from './route-error-page';
import { RouteGuard } from './route-guard';

function PageLoader() {
  return (
    <Center mih="50vh">
      <Loader />
    </Center>
  );
}

// Dialogs live inside the router so their content (forms, links) can use router hooks.
function RootLayout() {
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <DialogHost />
    </>
  );
}

// Signed-in users only: one realtime connection for the session, the generic forms, the named
// dialogs and the 'Action status' dialogs.
function AuthenticatedLayout() {
  useEffect(() => registerNamedDialogs(NAMED_DIALOGS), []);
  return (
    <StartupGate>
      <RealtimeProvider>
        <FormRegistryProvider forms={FORMS}>
          <Outlet />
        </FormRegistryProvider>
        <ActionStatusHost />
      </RealtimeProvider>
    </StartupGate>
  );
}

/**
 * The route tree from the contracts catalogue, limited to built pages and to routes the brand
 * did not disable: public standalone pages (login...), then everything behind the startup gate —
 * standalone pages without the shell, and shell pages with a landing redirect for '/' and unknown paths.
 */
export function buildRoutes(
  pages: PageRegistry,
  brand: Pick<Brand, 'disabled_routes'>,
): RouteObject[] {
  const mounted = ROUTES.filter(
    (route) => route.name in pages && !brand.disabled_routes.includes(route.name),
  );
  const element = (route: RouteDef, guarded: boolean) => {
    const Page = pages[route.name];
    if (!Page) throw new Error(`No page for route ${route.name}`);
    return guarded ? (
      <RouteGuard route={route}>
        <Page />
      </RouteGuard>
    ) : (
      <Page />
    );
  };
  const toRoute = (guarded: boolean) => (route: RouteDef) => ({
    path: route.path,
    element: element(route, guarded),
  });

  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        ...mounted.filter((route) => route.public).map(toRoute(false)),
        {
          element: <AuthenticatedLayout />,
          children: [
            ...mounted.filter((route) => route.standalone && !route.public).map(toRoute(true)),
            {
              element: <AppShellLayout />,
              children: [
                { index: true, element: <LandingRedirect /> },
                ...mounted.filter((route) => !route.standalone && !route.public).map(toRoute(true)),
                { path: '*', element: <LandingRedirect /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Spec §4: a route change cancels all pending requests. */
export function cancelRequestsOnRouteChange(
  router: Pick<AppRouter, 'state' | 'subscribe'>,
): () => void {
  let lastPath = router.state.location.pathname;
  // Runs before React renders the new route, so the next page's requests are not caught by it.
  return router.subscribe((state) => {
    if (state.location.pathname === lastPath) return;
    lastPath = state.location.pathname;
    cancelAllPending();
  });
}

export function createAppRouter(
  pages: PageRegistry,
  brand: Pick<Brand, 'disabled_routes'>,
): AppRouter {
  const router = createBrowserRouter(buildRoutes(pages, brand));
  cancelRequestsOnRouteChange(router);
  return router;
}

import { Center, Loader } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { ROUTES, type RouteDef } from '@netfleet/contracts';
import { cancelAllPending } from '@/lib/api-client';
import { registerNamedDialogs } from '@/components/dialogs';
import type { Brand } from '@/components/brand';
import { NAMED_DIALOGS } from '@/app/named-dialogs';
import type { PageRegistry } from '@/app/pages';
import { DEFAULT_TRANSITION, type TransitionHandle } from '@/app/shell/page-transition';
import { StartupGate } from '@/app/startup/startup-gate';
import { LandingRedirect } from './landing-redirect';
import { LazyDialogHost } from './lazy-dialog-host';
import { isLazyPage, lazyComponent } from './lazy-page';
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
      <LazyDialogHost />
    </>
  );
}

const loadSignedIn = () => import('./signed-in');
const SignedInLayout = lazyComponent(loadSignedIn, (m) => m.SignedInLayout);
const AppShellLayout = lazyComponent(loadSignedIn, (m) => m.AppShellLayout);

// Signed-in users only: the named dialogs, then ./signed-in (realtime, modals, the shell...).
function AuthenticatedLayout() {
  useEffect(() => registerNamedDialogs(NAMED_DIALOGS), []);
  // Fetched alongside the session rather than after it; a failure is left to the lazy
  // components, which reload the page under the chunk rule.
  useEffect(() => void loadSignedIn().catch(() => undefined), []);
  return (
    <StartupGate>
      <Suspense fallback={<PageLoader />}>
        <SignedInLayout />
      </Suspense>
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
  const toRoute = (guarded: boolean) => (route: RouteDef) => {
    const page = pages[route.name];
    const handle: PageHandle = {
      transition: route.transition ?? DEFAULT_TRANSITION,
      ...(page && isLazyPage(page) ? { preload: page.preload } : {}),
    };
    return { path: route.path, element: element(route, guarded), handle };
  };

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

interface PageHandle extends TransitionHandle {
  preload?: () => void;
}

/**
 * Starts loading the chunk of the page at the address the console opened with, alongside the
 * session and the signed-in shell instead of after them (issue 6: first rows sooner).
 */
export function preloadLandingPage(router: Pick<AppRouter, 'state'>): void {
  for (const match of router.state.matches) {
    (match.route.handle as PageHandle | undefined)?.preload?.();
  }
}

export function createAppRouter(
  pages: PageRegistry,
  brand: Pick<Brand, 'disabled_routes'>,
): AppRouter {
  const router = createBrowserRouter(buildRoutes(pages, brand));
  preloadLandingPage(router);
  cancelRequestsOnRouteChange(router);
  return router;
}

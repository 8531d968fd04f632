import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, vi } from 'vitest';
import type { CurrentUser } from '@netfleet/contracts';
import type { LoadedBrand } from '@/components/brand';
import type { PageRegistry } from '@/app/pages';
import { AppProviders, createQueryClient } from '@/app/providers';
import { PagesContext } from '@/app/router/pages-context';
import { buildRoutes } from '@/app/router/router';
import { configureSessionHooks, resetSessionHooks } from '@/lib/session-hooks';
import { testBrand } from './fixtures';
import { mockApi, ok, type MockHandler, userOk } from './mock-api';

// The app loads what only signed-in users need (realtime, the shell...), the dialog host and
// the form code lazily; loading them while the test file is imported keeps the tests that use
// them from waiting on their transform.
await Promise.all([
  import('@/app/router/signed-in'),
  import('@/components/dialogs/dialog-host'),
  import('@/app/form-definitions'),
  import('@/components/schema-form'),
]);

/** A page that just names its route, so tests can see where the router landed. */
function fakePage(title: string) {
  const Page = () => <h1>{title}</h1>;
  Page.displayName = `FakePage(${title})`;
  return Page;
}

export function fakePages(names: readonly string[]): PageRegistry {
  return Object.fromEntries(names.map((name) => [name, fakePage(`page:${name}`)]));
}

interface RenderAppOptions {
  user?: CurrentUser;
  pages?: PageRegistry;
  brand?: LoadedBrand;
  path?: string;
  api?: Record<string, MockHandler>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionHooks();
});

/** Mounts the real route tree (startup gate, shell, guards) in a memory router. */
export function renderApp({
  user,
  pages = {},
  brand = testBrand,
  path = '/',
  api = {},
}: RenderAppOptions) {
  const mocked = mockApi({
    ...(user ? { 'GET /api/user': () => userOk(user) } : {}),
    'GET /api/storage': () => ok([]),
    ...api,
  });
  const hooks = { reload: vi.fn<() => void>(), redirect: vi.fn<(location: string) => void>() };
  configureSessionHooks(hooks);
  const router = createMemoryRouter(buildRoutes(pages, brand), { initialEntries: [path] });
  const result = render(
    <AppProviders brand={brand} queryClient={createQueryClient()} env="test">
      <PagesContext.Provider value={pages}>
        <RouterProvider router={router} />
      </PagesContext.Provider>
    </AppProviders>,
  );
  return { ...result, ...mocked, router, hooks };
}

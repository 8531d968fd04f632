// Test-only: renders one auth page with the app's providers in a memory router.
import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { configureSessionHooks, resetSessionHooks } from '@/lib/session-hooks';
import { testBrand } from '@/test/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionHooks();
});

export function renderAuthPage(page: ReactElement, { path }: { path: string }) {
  const redirect = vi.fn<(location: string) => void>();
  configureSessionHooks({ redirect });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: path.split('?')[0], element: page }], {
    initialEntries: [path],
  });
  const view = render(
    <AppProviders brand={testBrand} queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, redirect, queryClient };
}

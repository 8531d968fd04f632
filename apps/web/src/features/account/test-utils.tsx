// Test-only: renders the account page with the app's providers and a signed-in user.
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, vi } from 'vitest';
import type { CurrentUser } from '@netfleet/contracts';
import { AppProviders } from '@/app/providers';
import { currentUserQueryKey } from '@/lib/current-user';
import { testBrand } from '@/test/fixtures';
import { AccountPage } from './pages/account-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

export function renderAccountPage(user: CurrentUser) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The startup gate seeds the user before any page renders; the test does the same.
  queryClient.setQueryData(currentUserQueryKey, user);
  const router = createMemoryRouter([{ path: '/account', element: <AccountPage /> }], {
    initialEntries: ['/account'],
  });
  const view = render(
    <AppProviders brand={testBrand} queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, queryClient };
}

// Test-only: renders the account page with the app's providers and a signed-in user.
import { afterEach, vi } from 'vitest';
import type { CurrentUser } from '@netfleet/contracts';
import { currentUserQueryKey } from '@/lib/current-user';
import { createTestQueryClient, renderPage } from '@/test/render-page';
import { AccountPage } from './pages/account-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

export function renderAccountPage(user: CurrentUser) {
  const queryClient = createTestQueryClient();
  // The startup gate seeds the user before any page renders; the test does the same.
  queryClient.setQueryData(currentUserQueryKey, user);
  return renderPage(<AccountPage />, { path: '/account', queryClient });
}

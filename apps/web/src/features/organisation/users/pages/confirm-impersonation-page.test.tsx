import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { COOKIES } from '@netfleet/contracts';
import { writeCookie } from '@/lib/cookies';
import { currentUserQueryKey } from '@/lib/current-user';
import { roleUser } from '@/test/fixtures';
import { errorResponse, mockApi, ok, userOk } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render-page';
import { jsonBody } from '../test-utils';
import { ConfirmImpersonationPage } from './confirm-impersonation-page';

const CONFIRM = 'POST /api/user/confirm-impersonation-access';

beforeEach(() => {
  writeCookie(COOKIES.timezone, 'UTC');
});

function renderConfirm(token: string) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey, roleUser('end_user'));
  const router = createMemoryRouter(
    [
      {
        path: '/users/confirm-impersonation-access/:token',
        element: <ConfirmImpersonationPage />,
      },
    ],
    { initialEntries: [`/users/confirm-impersonation-access/${token}`] },
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { user: userEvent.setup(), queryClient };
}

describe('ConfirmImpersonationPage', () => {
  it('posts the token of the link and shows until when access is granted', async () => {
    const api = mockApi({
      [CONFIRM]: () => ok({ impersonation_access_limit: '2026-02-10T10:00:00Z' }),
      'GET /api/user': () => userOk(roleUser('end_user')),
    });
    const { user, queryClient } = renderConfirm('tok-123');
    expect(screen.getByText(/asked to sign in as you for 7 days/)).toBeInTheDocument();
    expect(api.calls(CONFIRM)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Impersonation access granted')).toBeInTheDocument();
    expect(jsonBody(api.calls(CONFIRM)[0])).toEqual({ token: 'tok-123' });
    expect(screen.getByText(/until 2026-02-10 10:00:00/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute(
      'href',
      '/account',
    );
    // The account menu's access limit is reloaded.
    await waitFor(() =>
      expect(queryClient.getQueryState(currentUserQueryKey)?.isInvalidated).toBe(true),
    );
  });

  it('shows why a link no longer works', async () => {
    mockApi({
      [CONFIRM]: () =>
        errorResponse(404, 'NOT_FOUND', 'Impersonation access request not found or expired'),
    });
    const { user } = renderConfirm('old');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Impersonation access request not found or expired',
    );
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });
});

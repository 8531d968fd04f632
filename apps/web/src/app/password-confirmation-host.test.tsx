import { Modal } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { testBrand } from '@/test/fixtures';
import { errorResponse, jsonResponse, mockApi, ok, type MockHandler } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render-page';
import { AppProviders } from './providers';

const CREATE = 'POST /api/user/tokens';
const CONFIRM = 'POST /api/password-confirmation';
const MESSAGE = 'Confirm your password to continue.';

afterEach(() => {
  vi.unstubAllGlobals();
});

const locked = () => errorResponse(423, 'PASSWORD_CONFIRMATION_REQUIRED', MESSAGE);

/** Every listed call answers 423 until the password has been confirmed. */
function lockedUntilConfirmed(keys: readonly string[], password = 'secret-password') {
  let confirmed = false;
  const handlers: Record<string, MockHandler> = {
    [CONFIRM]: (init) => {
      const body = JSON.parse(String(init?.body)) as { password: string };
      if (body.password !== password) {
        return jsonResponse(422, {
          success: false,
          errors: [
            {
              code: 'CONFIRMATION_FAILED',
              message: 'The password is incorrect',
              source: 'password',
            },
          ],
        });
      }
      confirmed = true;
      return ok(null);
    },
  };
  for (const key of keys) handlers[key] = (_init, url) => (confirmed ? ok(url) : locked());
  return mockApi(handlers);
}

function renderProviders(children: ReactNode = null) {
  render(
    <AppProviders brand={testBrand} queryClient={createTestQueryClient()} env="test">
      {children}
    </AppProviders>,
  );
  return userEvent.setup();
}

describe('password confirmation (spec §8 423)', () => {
  it('confirms in the dialog and answers the refused request with its retry', async () => {
    const { calls } = lockedUntilConfirmed([CREATE]);
    const user = renderProviders();
    const request = api.post<string>('/user/tokens', { body: { name: 'ci' } });

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
    expect(dialog).toHaveTextContent(MESSAGE);
    await user.type(within(dialog).getByLabelText(/^Password/), 'wrong{Enter}');
    expect(await within(dialog).findByText('The password is incorrect')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^Password/));
    await user.type(within(dialog).getByLabelText(/^Password/), 'secret-password{Enter}');
    await expect(request).resolves.toMatchObject({ data: '/api/user/tokens' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(CREATE)).toHaveLength(2);
    expect(calls(CONFIRM)).toHaveLength(2);
  });

  it('rejects the refused request with the 423 when cancelled', async () => {
    const { calls } = lockedUntilConfirmed([CREATE]);
    const user = renderProviders();
    const request = api.post('/user/tokens').catch((error: unknown) => error);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(request).resolves.toMatchObject({ status: 423, message: MESSAGE });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls(CREATE)).toHaveLength(1);
    expect(calls(CONFIRM)).toHaveLength(0);
  });

  it('opens one dialog for concurrent 423s and retries both', async () => {
    const grant = 'PUT /api/user/impersonation-access';
    const { calls } = lockedUntilConfirmed([CREATE, grant]);
    const user = renderProviders();
    const both = Promise.all([api.post('/user/tokens'), api.put('/user/impersonation-access')]);
    await waitFor(() => expect(calls(grant)).toHaveLength(1));
    await waitFor(() => expect(calls(CREATE)).toHaveLength(1));
    expect(await screen.findAllByRole('dialog')).toHaveLength(1);
    await user.type(screen.getByLabelText(/^Password/), 'secret-password{Enter}');
    await both;
    expect(calls(CONFIRM)).toHaveLength(1);
    expect(calls(CREATE)).toHaveLength(2);
    expect(calls(grant)).toHaveLength(2);
  });

  it('closes only itself on Escape over the dialog that sent the request', async () => {
    lockedUntilConfirmed([CREATE]);
    const closeOther = vi.fn<() => void>();
    const user = renderProviders(
      <Modal opened onClose={closeOther} title="Create token">
        form
      </Modal>,
    );
    const request = api.post('/user/tokens').catch((error: unknown) => error);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await waitFor(() => expect(within(dialog).getByLabelText(/^Password/)).toHaveFocus());
    await user.keyboard('{Escape}');
    await expect(request).resolves.toMatchObject({ status: 423 });
    expect(closeOther).not.toHaveBeenCalled();
  });
});

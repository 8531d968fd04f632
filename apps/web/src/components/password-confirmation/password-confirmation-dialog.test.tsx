import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, ok } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render-page';
import { PasswordConfirmationDialog } from './password-confirmation-dialog';

const CONFIRM = 'POST /api/password-confirmation';
const MESSAGE = 'Confirm your password to continue.';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDialog() {
  const onConfirmed = vi.fn<() => void>();
  const onCancel = vi.fn<() => void>();
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <PasswordConfirmationDialog
          message={MESSAGE}
          onConfirmed={onConfirmed}
          onCancel={onCancel}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onConfirmed, onCancel, user: userEvent.setup() };
}

const passwordField = () => screen.getByLabelText(/^Password/);

describe('PasswordConfirmationDialog', () => {
  it("shows the server's message and focuses the password field", async () => {
    mockApi({});
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Confirm your password' });
    expect(within(dialog).getByText(MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(passwordField()).toHaveFocus());
  });

  it('confirms the password with Enter', async () => {
    const { calls } = mockApi({ [CONFIRM]: () => ok(null) });
    const { onConfirmed, onCancel, user } = renderDialog();
    await user.type(passwordField(), 'secret-password{Enter}');
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledOnce());
    expect(JSON.parse(String(calls(CONFIRM)[0]?.[1]?.body))).toEqual({
      password: 'secret-password',
    });
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('keeps the dialog open with the message under the field when the password is wrong', async () => {
    mockApi({
      [CONFIRM]: () =>
        jsonResponse(422, {
          success: false,
          errors: [
            {
              code: 'CONFIRMATION_FAILED',
              message: 'The password is incorrect',
              source: 'password',
            },
          ],
        }),
    });
    const { onConfirmed, onCancel, user } = renderDialog();
    await user.type(passwordField(), 'wrong-password{Enter}');
    expect(await screen.findByText('The password is incorrect')).toBeInTheDocument();
    expect(passwordField()).toHaveAccessibleDescription('The password is incorrect');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onConfirmed).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows a failure without a field above the buttons', async () => {
    mockApi({
      [CONFIRM]: () =>
        jsonResponse(429, {
          success: false,
          errors: [{ code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts', source: null }],
        }),
    });
    const { onConfirmed, user } = renderDialog();
    await user.type(passwordField(), 'secret-password{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  it('asks for a password before sending anything', async () => {
    const { fetchMock } = mockApi({});
    const { user } = renderDialog();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the loading state and sends once while confirming', async () => {
    const { calls } = mockApi({ [CONFIRM]: () => new Promise<Response>(() => undefined) });
    const { user } = renderDialog();
    await user.type(passwordField(), 'secret-password{Enter}');
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    await waitFor(() => expect(confirm).toHaveAttribute('data-loading'));
    await user.type(passwordField(), '{Enter}');
    expect(calls(CONFIRM)).toHaveLength(1);
  });

  it('cancels with the Cancel button and with Escape', async () => {
    mockApi({});
    const { onCancel, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    await user.click(passwordField());
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, ok } from '@/test/mock-api';
import { renderAuthPage } from '../test-utils';
import { ResetPasswordPage } from './reset-password-page';

const RESET = 'POST /account/password/reset';
const PATH = '/account/reset-password?token=abc-123';

async function choose(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Confirm new password/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set password' }));
}

const refused = (message: string, source: string) =>
  jsonResponse(source === 'token' ? 400 : 422, {
    success: false,
    errors: [{ code: 'VALIDATION_ERROR', message, source }],
  });

describe('ResetPasswordPage', () => {
  it('sets the password with the token of the link, then goes to sign in with a notice', async () => {
    const { calls } = mockApi({ [RESET]: () => ok() });
    const { router } = renderAuthPage(<ResetPasswordPage />, { path: PATH });
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();

    await choose('a-long-new-password');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?password_reset=1');
    expect(JSON.parse(String(calls(RESET)[0]?.[1]?.body))).toEqual({
      token: 'abc-123',
      password: 'a-long-new-password',
      password_confirmation: 'a-long-new-password',
    });
  });

  it('applies the password rules before sending anything', async () => {
    const { fetchMock } = mockApi({});
    renderAuthPage(<ResetPasswordPage />, { path: PATH });
    await choose('short');
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument();
    await userEvent.setup().clear(screen.getByLabelText(/^New password/));
    await choose('a-long-new-password', 'something-else');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when the link is no longer valid and offers a new one', async () => {
    mockApi({
      [RESET]: () =>
        refused(
          'This password reset link is invalid, used or expired. Request a new one.',
          'token',
        ),
    });
    const { router } = renderAuthPage(<ResetPasswordPage />, { path: PATH });
    await choose('a-long-new-password');
    expect(
      await screen.findByText(
        'This password reset link is invalid, used or expired. Request a new one.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/reset-password');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/account/forgot-password',
    );
  });

  it('puts a server field error under its field', async () => {
    mockApi({ [RESET]: () => refused('Use at least 8 characters', 'password') });
    renderAuthPage(<ResetPasswordPage />, { path: PATH });
    await choose('a-long-new-password');
    const message = await screen.findByText('Use at least 8 characters');
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(
      'Use at least 8 characters',
    );
    expect(message.closest('[role="alert"]')).toBeNull();
  });

  it('shows no form for a link without a token', () => {
    mockApi({});
    renderAuthPage(<ResetPasswordPage />, { path: '/account/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('carries no token');
    expect(screen.queryByRole('button', { name: 'Set password' })).not.toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, ok } from '@/test/mock-api';
import { renderAuthPage } from '../test-utils';
import { LoginPage } from './login-page';

const LOGIN = 'POST /account/login';

async function signIn(email = 'ada@example.com', password = 'secret-password') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/E-mail/), email);
  await user.type(screen.getByLabelText(/Password/), password);
  await user.keyboard('{Enter}');
}

function failure(status: number, code: string, message: string, source: string | null = null) {
  return jsonResponse(status, { success: false, errors: [{ code, message, source }] });
}

describe('LoginPage', () => {
  it('shows the brand, focuses the e-mail field and signs in with Enter', async () => {
    const { calls } = mockApi({ [LOGIN]: () => ok({ user: {} }) });
    const { redirect } = renderAuthPage(<LoginPage />, { path: '/login' });

    expect(screen.getByRole('heading', { name: 'Sign in to netfleet' })).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveFocus();
    await signIn();

    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/management/devices'));
    const init = calls(LOGIN)[0]?.[1];
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ada@example.com',
      password: 'secret-password',
    });
  });

  it('validates before sending anything', async () => {
    const { fetchMock } = mockApi({});
    renderAuthPage(<LoginPage />, { path: '/login' });
    await signIn('not-an-email', 'x');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server error under the form and keeps the user on the page', async () => {
    mockApi({
      [LOGIN]: () => failure(401, 'INVALID_CREDENTIALS', 'Wrong e-mail or password'),
    });
    const { redirect } = renderAuthPage(<LoginPage />, { path: '/login' });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('puts an error whose source is a field under that field', async () => {
    mockApi({ [LOGIN]: () => failure(400, 'VALIDATION_ERROR', 'Unknown domain', 'email') });
    renderAuthPage(<LoginPage />, { path: '/login' });
    await signIn();
    const message = await screen.findByText('Unknown domain');
    expect(screen.getByLabelText(/E-mail/)).toHaveAccessibleDescription('Unknown domain');
    expect(message.closest('[role="alert"]')).toBeNull();
  });

  it('answers 429 with the Retry-After countdown', async () => {
    mockApi({
      [LOGIN]: () =>
        new Response(
          JSON.stringify({
            success: false,
            errors: [{ code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts', source: null }],
          }),
          { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '30' } },
        ),
    });
    renderAuthPage(<LoginPage />, { path: '/login' });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 30 s',
    );
  });

  describe('MFA_REQUIRED', () => {
    const UUID = '0b6a2f4e-7c1d-4b8e-9f3a-2d5c6e7f8a9b';
    const mfaRequired = (message: string) =>
      jsonResponse(401, {
        success: false,
        errors: [{ code: 'MFA_REQUIRED', message, source: null }],
        data: { mfa_type: 'totp', session_uuid: UUID },
      });

    it('asks for the code and signs in with it, asking again after a wrong one', async () => {
      const { calls } = mockApi({
        [LOGIN]: (init) => {
          const body = JSON.parse(String(init?.body)) as { session_code?: string };
          if (body.session_code === '246810') return ok({ user: {} });
          return mfaRequired(body.session_code ? 'Invalid verification code' : 'Enter the code');
        },
      });
      const { redirect } = renderAuthPage(<LoginPage />, { path: '/login' });
      await signIn();
      const user = userEvent.setup();

      let dialog = await screen.findByRole('dialog', { name: 'Two-factor authentication' });
      expect(dialog).toHaveTextContent('Enter the code from your authenticator app');
      await user.type(within(dialog).getByLabelText(/Verification code/), '111111{Enter}');
      dialog = await screen.findByRole('dialog', { name: 'Two-factor authentication' });
      expect(await within(dialog).findByText('Invalid verification code')).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText(/Verification code/), '246810{Enter}');

      await waitFor(() => expect(redirect).toHaveBeenCalledWith('/management/devices'));
      const bodies = calls(LOGIN).map(([, init]) => JSON.parse(String(init?.body)) as unknown);
      const credentials = { email: 'ada@example.com', password: 'secret-password' };
      expect(bodies).toEqual([
        credentials,
        { ...credentials, session_uuid: UUID, session_code: '111111' },
        { ...credentials, session_uuid: UUID, session_code: '246810' },
      ]);
    });

    it('returns to the form when the verification is cancelled', async () => {
      mockApi({ [LOGIN]: () => mfaRequired('Enter the code') });
      const { redirect } = renderAuthPage(<LoginPage />, { path: '/login' });
      await signIn();
      const dialog = await screen.findByRole('dialog', { name: 'Two-factor authentication' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByLabelText(/Password/)).toHaveValue('secret-password');
      expect(redirect).not.toHaveBeenCalled();
    });

    it('shows the message when the method is unknown', async () => {
      mockApi({
        [LOGIN]: () =>
          jsonResponse(401, {
            success: false,
            errors: [{ code: 'MFA_REQUIRED', message: 'Use your security key', source: null }],
            data: { mfa_type: 'webauthn' },
          }),
      });
      renderAuthPage(<LoginPage />, { path: '/login' });
      await signIn();
      expect(await screen.findByRole('alert')).toHaveTextContent('Use your security key');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it('continues to continue_url on this host', async () => {
    mockApi({ [LOGIN]: () => ok({ user: {} }) });
    const { redirect } = renderAuthPage(<LoginPage />, {
      path: `/login?continue_url=${encodeURIComponent('/companies/4?tab=users')}`,
    });
    await signIn();
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/companies/4?tab=users'));
  });

  it('ignores a continue_url on another host', async () => {
    mockApi({ [LOGIN]: () => ok({ user: {} }) });
    const { redirect } = renderAuthPage(<LoginPage />, {
      path: `/login?continue_url=${encodeURIComponent('https://evil.example.org/steal')}`,
    });
    await signIn();
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/management/devices'));
  });

  it('sends once while a sign-in is in flight', async () => {
    const { calls } = mockApi({ [LOGIN]: () => new Promise<Response>(() => undefined) });
    renderAuthPage(<LoginPage />, { path: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/E-mail/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret-password');
    const form = screen.getByRole('button', { name: 'Sign in' }).closest('form');
    if (!form) throw new Error('no form');
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(calls(LOGIN)).toHaveLength(1));
    fireEvent.submit(form);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls(LOGIN)).toHaveLength(1);
  });

  it('links to the password reset page', () => {
    mockApi({});
    renderAuthPage(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/account/forgot-password',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('confirms a password reset it was sent back from', () => {
    mockApi({});
    renderAuthPage(<LoginPage />, { path: '/login?password_reset=1' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your password has been changed. Sign in with the new one.',
    );
  });
});

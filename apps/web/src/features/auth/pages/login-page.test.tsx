import { fireEvent, screen, waitFor } from '@testing-library/react';
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

  it('says MFA verification is required on MFA_REQUIRED', async () => {
    mockApi({ [LOGIN]: () => failure(401, 'MFA_REQUIRED', 'MFA required') });
    renderAuthPage(<LoginPage />, { path: '/login' });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('MFA verification required');
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
});

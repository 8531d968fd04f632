import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, ok } from '@/test/mock-api';
import { renderAuthPage } from '../test-utils';
import { ForgotPasswordPage } from './forgot-password-page';

const FORGOT = 'POST /account/password/forgot';

async function requestLink(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/E-mail/), email);
  await user.click(screen.getByRole('button', { name: 'Send link' }));
}

describe('ForgotPasswordPage', () => {
  it('sends the address and confirms without saying whether an account exists', async () => {
    const { calls } = mockApi({ [FORGOT]: () => ok() });
    renderAuthPage(<ForgotPasswordPage />, { path: '/account/forgot-password' });
    expect(screen.getByRole('heading', { name: 'Reset password' })).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveFocus();

    await requestLink('ada@example.com');

    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for ada@example.com, we sent a link to it. The link works for 60 minutes.',
    );
    expect(JSON.parse(String(calls(FORGOT)[0]?.[1]?.body))).toEqual({ email: 'ada@example.com' });
    expect(screen.queryByRole('button', { name: 'Send link' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('checks the address before sending anything', async () => {
    const { fetchMock } = mockApi({});
    renderAuthPage(<ForgotPasswordPage />, { path: '/account/forgot-password' });
    await requestLink('not-an-address');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows why the server refused and stays on the form', async () => {
    mockApi({
      [FORGOT]: () =>
        jsonResponse(429, {
          success: false,
          errors: [
            {
              code: 'TOO_MANY_ATTEMPTS',
              message: 'Too many password reset requests. Try again later.',
              source: null,
            },
          ],
        }),
    });
    renderAuthPage(<ForgotPasswordPage />, { path: '/account/forgot-password' });
    await requestLink('ada@example.com');
    expect(
      await screen.findByText('Too many password reset requests. Try again later.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send link' })).toBeInTheDocument();
  });
});

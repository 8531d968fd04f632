import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, ok } from '@/test/mock-api';
import { renderAuthPage } from '../test-utils';
import { VerifyEmailPage } from './verify-email-page';

const VERIFY = 'POST /account/email/verify';

describe('VerifyEmailPage', () => {
  it('verifies the token from the link', async () => {
    const { calls } = mockApi({ [VERIFY]: () => ok() });
    renderAuthPage(<VerifyEmailPage />, { path: '/verify-email?token=abc123' });
    expect(await screen.findByText('Your e-mail address has been verified.')).toBeInTheDocument();
    expect(JSON.parse(String(calls(VERIFY)[0]?.[1]?.body))).toEqual({ token: 'abc123' });
    expect(screen.getByRole('link', { name: 'Go to the console' })).toHaveAttribute(
      'href',
      '/management/devices',
    );
  });

  it('shows why verification failed', async () => {
    mockApi({
      [VERIFY]: () =>
        jsonResponse(400, {
          success: false,
          errors: [
            {
              code: 'VALIDATION_ERROR',
              message: 'The verification link is invalid or has expired',
              source: 'token',
            },
          ],
        }),
    });
    renderAuthPage(<VerifyEmailPage />, { path: '/verify-email?token=old' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The verification link is invalid or has expired',
    );
  });

  it('does not call the server without a token', async () => {
    const { fetchMock } = mockApi({});
    renderAuthPage(<VerifyEmailPage />, { path: '/verify-email' });
    expect(await screen.findByRole('alert')).toHaveTextContent('carries no token');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

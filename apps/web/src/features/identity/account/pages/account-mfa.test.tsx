import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MfaStatus } from '@netfleet/contracts';
import { roleUser } from '@/test/fixtures';
import { jsonResponse, mockApi, ok, type MockHandler } from '@/test/mock-api';
import { renderAccountPage } from '../test-utils';

const STATUS = 'GET /account/mfa';
const TOTP = 'POST /account/mfa/totp';
const TOTP_VERIFY = 'POST /account/mfa/totp/verify';
const EMAIL = 'POST /account/mfa/email';
const EMAIL_VERIFY = 'POST /account/mfa/email/verify';
const DISABLE = 'DELETE /account/mfa';
const UUID = '0b6a2f4e-7c1d-4b8e-9f3a-2d5c6e7f8a9b';
const RECOVERY = ['ab12-cd34', 'ef56-gh78'];

afterEach(() => {
  act(() => notifications.clean());
});

const invalidCode = () =>
  jsonResponse(422, {
    success: false,
    errors: [{ code: 'VALIDATION_ERROR', message: 'Invalid verification code', source: 'code' }],
  });

/** The status switches to `after` once a verify call succeeded. */
function mockMfa(before: MfaStatus, after: MfaStatus, handlers: Record<string, MockHandler>) {
  let current = before;
  const verified =
    (handler: MockHandler): MockHandler =>
    async (init, url) => {
      const response = await handler(init, url);
      if (response.ok) current = after;
      return response;
    };
  return mockApi({
    'GET /api/user/tokens': () => ok([]),
    [STATUS]: () => ok(current),
    ...Object.fromEntries(
      Object.entries(handlers).map(([key, handler]) => [
        key,
        key.endsWith('/verify') ? verified(handler) : handler,
      ]),
    ),
  });
}

const section = () => within(screen.getByRole('region', { name: 'Two-factor authentication' }));
const off: MfaStatus = { mfa_type: null, enforced: false, recovery_codes_left: 0 };

describe('AccountPage two-factor authentication', () => {
  it('sets up an authenticator app and shows the recovery codes once', async () => {
    const { calls } = mockMfa(
      off,
      { mfa_type: 'totp', enforced: false, recovery_codes_left: 2 },
      {
        [TOTP]: () =>
          ok({
            secret: 'JBSWY3DPEHPK3PXP',
            otpauth_url: 'otpauth://totp/netfleet:ada?secret=JBSWY3DPEHPK3PXP',
            qr_code: 'data:image/png;base64,iVBORw0KGgo=',
          }),
        [TOTP_VERIFY]: (init) =>
          (JSON.parse(String(init?.body)) as { code: string }).code === '123456'
            ? ok({ recovery_codes: RECOVERY })
            : invalidCode(),
      },
    );
    renderAccountPage(roleUser('admin'));
    const user = userEvent.setup();
    expect(await section().findByText('Not enabled')).toBeInTheDocument();
    expect(section().queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();

    await user.click(section().getByRole('button', { name: 'Set up authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up authenticator app' });
    expect(
      within(dialog).getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');

    await user.type(within(dialog).getByLabelText(/^Code/), '12{Enter}');
    expect(await within(dialog).findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(calls(TOTP_VERIFY)).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText(/^Code/));
    await user.type(within(dialog).getByLabelText(/^Code/), '654321{Enter}');
    expect(await within(dialog).findByText('Invalid verification code')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^Code/));
    await user.type(within(dialog).getByLabelText(/^Code/), '123456{Enter}');
    expect(await within(dialog).findByText('ab12-cd34')).toBeInTheDocument();
    expect(within(dialog).getByText('ef56-gh78')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(await screen.findByText('Two-factor authentication is on')).toBeInTheDocument();
    expect(await section().findByText('Authenticator app')).toBeInTheDocument();
    expect(section().getByText('2 recovery codes left')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(TOTP_VERIFY)).toHaveLength(2);
    expect(JSON.parse(String(calls(TOTP_VERIFY)[1]?.[1]?.body))).toEqual({ code: '123456' });
  });

  it('switches to e-mail codes with the mailed code', async () => {
    const { calls } = mockMfa(
      off,
      { mfa_type: 'email', enforced: false, recovery_codes_left: 2 },
      {
        [EMAIL]: () => ok({ session_uuid: UUID }),
        [EMAIL_VERIFY]: () => ok({ recovery_codes: RECOVERY }),
      },
    );
    renderAccountPage(roleUser('admin'));
    const user = userEvent.setup();
    await user.click(await section().findByRole('button', { name: 'Use e-mail codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use e-mail codes' });
    expect(dialog).toHaveTextContent('We sent a 6-digit code to your e-mail address.');
    await user.type(within(dialog).getByLabelText(/^Code/), '024680{Enter}');
    expect(await within(dialog).findByText('ab12-cd34')).toBeInTheDocument();
    expect(JSON.parse(String(calls(EMAIL_VERIFY)[0]?.[1]?.body))).toEqual({
      session_uuid: UUID,
      code: '024680',
    });
    expect(await section().findByText('E-mail codes')).toBeInTheDocument();
  });

  it('turns MFA off only after confirmation', async () => {
    const { calls } = mockMfa({ mfa_type: 'totp', enforced: false, recovery_codes_left: 9 }, off, {
      [DISABLE]: () => ok(),
    });
    renderAccountPage(roleUser('admin', { mfa_type: 'totp' }));
    const user = userEvent.setup();
    await user.click(await section().findByRole('button', { name: 'Turn off' }));
    let dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(DISABLE)).toHaveLength(0);

    await user.click(section().getByRole('button', { name: 'Turn off' }));
    dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor authentication turned off')).toBeInTheDocument();
    expect(calls(DISABLE)).toHaveLength(1);
  });

  it('cannot be turned off when the company enforces it', async () => {
    mockMfa({ mfa_type: 'email', enforced: true, recovery_codes_left: 3 }, off, {});
    renderAccountPage(roleUser('admin', { mfa_type: 'email' }));
    expect(await section().findByRole('button', { name: 'Turn off' })).toBeDisabled();
    expect(
      section().getByText(
        'Your company requires two-factor authentication, so it cannot be turned off.',
      ),
    ).toBeInTheDocument();
  });
});

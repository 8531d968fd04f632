import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { readFailures } from '@/lib/failure-counters';
import { roleUser } from '@/test/fixtures';
import { errorResponse, jsonResponse, ok } from '@/test/mock-api';
import { fakePages, renderApp } from '@/test/render-app';

const pages = fakePages(['account', 'devices.list']);

afterEach(() => {
  vi.restoreAllMocks();
});

function failingUser(status: number, code: string) {
  return { 'GET /api/user': () => errorResponse(status, code) };
}

describe('startup', () => {
  it('mounts the shell once the user and the storage are loaded', async () => {
    const { calls } = renderApp({ user: roleUser('admin'), pages, path: '/management/devices' });
    expect(await screen.findByRole('heading', { name: 'page:devices.list' })).toBeInTheDocument();
    expect(calls('GET /api/storage')[0]?.[0]).toBe('/api/storage?limit=100');
  });

  it('ignores a failing storage list', async () => {
    renderApp({
      user: roleUser('admin'),
      pages,
      path: '/management/devices',
      api: { 'GET /api/storage': () => errorResponse(500, 'INTERNAL_ERROR') },
    });
    expect(await screen.findByRole('heading', { name: 'page:devices.list' })).toBeInTheDocument();
  });

  it.each([
    ['EMAIL_NOT_VERIFIED', 'Verify your e-mail address'],
    ['NOT_INVITED_EXTERNAL_USER', 'No invitation found'],
    ['MFA_MANDATORY', 'Two-factor authentication required'],
  ])('shows a full-page notice for %s', async (code, title) => {
    const { calls } = renderApp({
      pages,
      path: '/management/devices',
      api: failingUser(401, code),
    });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    // The session is fine, only blocked: no refresh, no trip to the login page.
    expect(calls('POST /account/token/refresh')).toHaveLength(0);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend' }) !== null).toBe(
      code === 'EMAIL_NOT_VERIFIED',
    );
  });

  it('sets up two-factor authentication from the MFA_MANDATORY notice, then starts again', async () => {
    const { calls, hooks } = renderApp({
      pages,
      api: {
        ...failingUser(401, 'MFA_MANDATORY'),
        'POST /account/mfa/totp': () =>
          ok({
            secret: 'JBSWY3DPEHPK3PXP',
            otpauth_url: 'otpauth://x',
            qr_code: 'data:image/png;base64,AA==',
          }),
        'POST /account/mfa/totp/verify': () => ok({ recovery_codes: ['ab12-cd34'] }),
      },
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Set up two-factor authentication' }),
    );
    const choice = await screen.findByRole('dialog', { name: 'Set up two-factor authentication' });
    await user.click(within(choice).getByRole('button', { name: /Authenticator app/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up authenticator app' });
    await user.type(within(dialog).getByLabelText(/^Code/), '123456{Enter}');
    await within(dialog).findByText('ab12-cd34');
    expect(hooks.reload).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(hooks.reload).toHaveBeenCalledOnce();
    expect(calls('POST /account/mfa/totp/verify')).toHaveLength(1);
  });

  it('resends the activation e-mail from the notice', async () => {
    const { calls } = renderApp({
      pages,
      api: {
        ...failingUser(401, 'EMAIL_NOT_VERIFIED'),
        'POST /account/user/activation/resend': () => ok(),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Email confirmation sent successfully')).toBeInTheDocument();
    expect(calls('POST /account/user/activation/resend')).toHaveLength(1);
  });

  it('reports a failed resend with the status text', async () => {
    renderApp({
      pages,
      api: {
        ...failingUser(401, 'EMAIL_NOT_VERIFIED'),
        'POST /account/user/activation/resend': () =>
          new Response('{}', { status: 503, statusText: 'Service Unavailable' }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(
      await screen.findByText('Failed to send email confirmation (Service Unavailable)'),
    ).toBeInTheDocument();
  });

  it('sends a 401 to the login page with continue_url', async () => {
    const { hooks } = renderApp({
      pages,
      path: '/management/devices',
      api: {
        'GET /api/user': () => errorResponse(401, 'UNAUTHORIZED'),
        'POST /account/token/refresh': () => errorResponse(401, 'UNAUTHORIZED'),
        'POST /account/token/revoke': () => ok({}),
      },
    });
    await waitFor(() => expect(hooks.redirect).toHaveBeenCalled());
    expect(hooks.redirect.mock.calls.at(-1)?.[0]).toMatch(/^\/login\?continue_url=/);
  });

  it('shows maintenance for a single failed user request, says why and counts it', async () => {
    renderApp({
      pages,
      api: { 'GET /api/user': () => jsonResponse(500, { success: false, errors: [] }) },
    });
    expect(
      await screen.findByRole('heading', { name: 'We will be back soon' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Failed to get user data')).toBeInTheDocument();
    expect(readFailures('userRequestFailures')).toBe(1);
  });

  it('replaces the console with the notice when a later call meets EMAIL_NOT_VERIFIED', async () => {
    const { calls } = renderApp({
      user: roleUser('admin'),
      pages,
      path: '/management/devices',
      api: { 'GET /api/devices': () => errorResponse(401, 'EMAIL_NOT_VERIFIED') },
    });
    await screen.findByRole('heading', { name: 'page:devices.list' });
    await expect(api.get('/devices')).rejects.toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(
      await screen.findByRole('heading', { name: 'Verify your e-mail address' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeInTheDocument();
    expect(calls('POST /account/token/refresh')).toHaveLength(0);
  });

  it('shows the maintenance page after 3 failed user requests', async () => {
    sessionStorage.setItem('user_request_failures', '2');
    renderApp({ pages, api: { 'GET /api/user': () => errorResponse(502, 'BAD_GATEWAY') } });
    expect(
      await screen.findByRole('heading', { name: 'We will be back soon' }),
    ).toBeInTheDocument();
  });

  it('goes to /offline.html when offline at start', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { hooks, calls } = renderApp({ user: roleUser('admin'), pages });
    await waitFor(() => expect(hooks.redirect).toHaveBeenCalledWith('/offline.html'));
    expect(calls('GET /api/user')).toHaveLength(0);
  });

  it('toasts when the connection is lost later', async () => {
    renderApp({ user: roleUser('admin'), pages, path: '/management/devices' });
    await screen.findByRole('heading', { name: 'page:devices.list' });
    window.dispatchEvent(new Event('offline'));
    const lost = await screen.findByText('The network connection has been lost.');
    // The top area, apart from the outcomes of the user's actions bottom-right.
    expect(lost.closest('[data-position]')).toHaveAttribute('data-position', 'top-center');
  });
});

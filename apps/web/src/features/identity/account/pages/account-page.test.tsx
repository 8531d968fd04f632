import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PersonalAccessToken } from '@netfleet/contracts';
import { roleUser } from '@/test/fixtures';
import { errorResponse, jsonResponse, mockApi, ok } from '@/test/mock-api';
import { renderAccountPage } from '../test-utils';

const TOKENS = 'GET /api/user/tokens';
const CREATE = 'POST /api/user/tokens';

const deployToken: PersonalAccessToken = {
  id: 5,
  name: 'deploy bot',
  prefix: 'nf_ab12',
  scopes: ['devices:read', 'tags:write'],
  created_at: '2026-03-01T08:09:10Z',
  last_used_at: null,
  expires_at: null,
};

describe('AccountPage profile', () => {
  it('shows who is signed in', async () => {
    mockApi({ [TOKENS]: () => ok([]) });
    renderAccountPage(roleUser('admin', { mfa_type: 'totp' }));
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(profile).getByText('Acme')).toBeInTheDocument();
    expect(within(profile).getByText('Administrator')).toBeInTheDocument();
    expect(within(profile).getByText('Authenticator app (TOTP)')).toBeInTheDocument();
    expect(await screen.findByText('No personal access tokens yet.')).toBeInTheDocument();
  });
});

describe('AccountPage personal access tokens', () => {
  it('lists tokens with formatted dates', async () => {
    mockApi({ [TOKENS]: () => ok([deployToken]) });
    renderAccountPage(roleUser('admin'));
    const table = await screen.findByRole('table', { name: 'Personal access tokens' });
    const row = within(table).getByText('deploy bot').closest('tr');
    if (!row) throw new Error('no row');
    expect(row).toHaveTextContent('devices:read');
    expect(row).toHaveTextContent(/2026-03-01 \d{2}:09:10/);
    expect(within(row).getAllByText('Never')).toHaveLength(2);
  });

  it('shows a load failure with a retry', async () => {
    mockApi({
      [TOKENS]: () => errorResponse(500, 'INTERNAL_ERROR', 'Database unavailable'),
      'GET /api/webhooks': () => ok([]),
    });
    renderAccountPage(roleUser('admin'));
    const tokens = within(screen.getByRole('region', { name: 'Personal access tokens' }));
    expect(await tokens.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(tokens.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows a new token once, with a copy button', async () => {
    const { calls } = mockApi({
      [TOKENS]: () => ok([]),
      [CREATE]: () =>
        jsonResponse(201, { success: true, data: { ...deployToken, token: 'nf_ab12.s3cr3t' } }),
    });
    renderAccountPage(roleUser('admin'));
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Name/), 'deploy bot');
    await user.click(within(dialog).getByPlaceholderText('Choose scopes'));
    await user.click(await screen.findByRole('option', { name: 'devices:read' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('nf_ab12.s3cr3t')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    expect(JSON.parse(String(calls(CREATE)[0]?.[1]?.body))).toEqual({
      name: 'deploy bot',
      scopes: ['devices:read'],
    });

    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('nf_ab12.s3cr3t')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByText('nf_ab12.s3cr3t')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Name/)).toHaveValue('');
  });

  it('shows a server error for the name under the name field', async () => {
    mockApi({
      [TOKENS]: () => ok([]),
      [CREATE]: () =>
        jsonResponse(409, {
          success: false,
          errors: [{ code: 'CONFLICT', message: 'A token with this name exists', source: 'name' }],
        }),
    });
    renderAccountPage(roleUser('admin'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Name/), 'deploy bot');
    await user.click(within(dialog).getByPlaceholderText('Choose scopes'));
    await user.click(await screen.findByRole('option', { name: 'vpn:read' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('A token with this name exists')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Name/)).toHaveAccessibleDescription(
      'A token with this name exists',
    );
  });

  it('asks for the password when the server wants it confirmed, then creates the token', async () => {
    let confirmed = false;
    const { calls } = mockApi({
      [TOKENS]: () => ok([]),
      [CREATE]: () =>
        confirmed
          ? jsonResponse(201, { success: true, data: { ...deployToken, token: 'nf_ab12.s3cr3t' } })
          : errorResponse(
              423,
              'PASSWORD_CONFIRMATION_REQUIRED',
              'Confirm your password to continue.',
            ),
      'POST /api/password-confirmation': () => {
        confirmed = true;
        return ok(null);
      },
    });
    renderAccountPage(roleUser('admin'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const form = await screen.findByRole('dialog', { name: 'Create token' });
    await user.type(within(form).getByLabelText(/Name/), 'deploy bot');
    await user.click(within(form).getByPlaceholderText('Choose scopes'));
    await user.click(await screen.findByRole('option', { name: 'devices:read' }));
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm your password' });
    expect(confirm).toHaveTextContent('Confirm your password to continue.');
    await user.type(within(confirm).getByLabelText(/^Password/), 'secret-password{Enter}');

    expect(await screen.findByText('nf_ab12.s3cr3t')).toBeInTheDocument();
    expect(calls(CREATE)).toHaveLength(2);
  });

  it('shows the usual error when the password confirmation is cancelled', async () => {
    mockApi({
      [TOKENS]: () => ok([]),
      [CREATE]: () =>
        errorResponse(423, 'PASSWORD_CONFIRMATION_REQUIRED', 'Confirm your password to continue.'),
    });
    renderAccountPage(roleUser('admin'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const form = await screen.findByRole('dialog', { name: 'Create token' });
    await user.type(within(form).getByLabelText(/Name/), 'deploy bot');
    await user.click(within(form).getByPlaceholderText('Choose scopes'));
    await user.click(await screen.findByRole('option', { name: 'devices:read' }));
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await waitFor(() => expect(within(confirm).getByLabelText(/^Password/)).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Confirm your password to continue.',
    );
    expect(screen.queryByRole('dialog', { name: 'Confirm your password' })).toBeNull();
  });

  it('asks before revoking a token', async () => {
    const { calls } = mockApi({
      [TOKENS]: () => ok([deployToken]),
      'DELETE /api/user/tokens/5': () => ok(),
    });
    renderAccountPage(roleUser('admin'));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Revoke token deploy bot' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Revoke token "deploy bot"?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls('DELETE /api/user/tokens/5')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke token deploy bot' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }),
    );
    await waitFor(() => expect(calls('DELETE /api/user/tokens/5')).toHaveLength(1));
    await waitFor(() => expect(calls(TOKENS).length).toBeGreaterThan(1));
  });
});

describe('AccountPage impersonation access', () => {
  it('grants access for the chosen number of days', async () => {
    const { calls } = mockApi({
      [TOKENS]: () => ok([]),
      'PUT /api/user/impersonation-access': (init) =>
        ok({
          impersonation_access_limit: (JSON.parse(String(init?.body)) as { until: string }).until,
        }),
    });
    renderAccountPage(roleUser('admin'));
    const user = userEvent.setup();
    expect(screen.getByText('Support cannot impersonate you.')).toBeInTheDocument();

    await user.click(screen.getByText('30 days'));
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Grant access' }));

    await waitFor(() => expect(calls('PUT /api/user/impersonation-access')).toHaveLength(1));
    const body = JSON.parse(String(calls('PUT /api/user/impersonation-access')[0]?.[1]?.body)) as {
      until: string;
    };
    const days = (Date.parse(body.until) - before) / (24 * 60 * 60 * 1000);
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThanOrEqual(30.01);
    expect(await screen.findByText(/Support can impersonate you until/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change access period' })).toBeInTheDocument();
  });

  it('rejects a custom date beyond the maximum period without calling the server', async () => {
    const { calls } = mockApi({ [TOKENS]: () => ok([]) });
    renderAccountPage(roleUser('admin'));
    const user = userEvent.setup();
    await user.click(screen.getByText('Until date'));
    fireEvent.change(screen.getByLabelText('Until (end of day)'), {
      target: { value: '2999-01-01' },
    });
    await user.click(screen.getByRole('button', { name: 'Grant access' }));
    expect(
      await screen.findByText('Choose a date from today up to 30 days ahead'),
    ).toBeInTheDocument();
    expect(calls('PUT /api/user/impersonation-access')).toHaveLength(0);
  });

  it('is read-only while someone impersonates the user', () => {
    mockApi({ [TOKENS]: () => ok([]) });
    const limit = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    renderAccountPage(
      roleUser('admin', { isImpersonating: true, impersonation_access_limit: limit }),
    );
    expect(
      screen.getByText('Only the account owner can change impersonation access.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /access/ })).not.toBeInTheDocument();
  });

  it('asks "Revoke impersonation access?" before revoking', async () => {
    const limit = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
    const { calls } = mockApi({
      [TOKENS]: () => ok([]),
      'POST /api/user/revoke-impersonation-access': () => ok({ impersonation_access_limit: null }),
    });
    renderAccountPage(roleUser('admin', { impersonation_access_limit: limit }));
    const user = userEvent.setup();
    expect(
      screen.getByText(/Support can impersonate you until \d{4}-\d{2}-\d{2}/),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Revoke impersonation access?');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    await waitFor(() =>
      expect(calls('POST /api/user/revoke-impersonation-access')).toHaveLength(1),
    );
    expect(await screen.findByText('Support cannot impersonate you.')).toBeInTheDocument();
  });
});

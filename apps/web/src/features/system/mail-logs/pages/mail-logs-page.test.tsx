import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIES, type MailLog, type OutboxMail, type RoleName } from '@netfleet/contracts';
import { writeCookie } from '@/lib/cookies';
import { currentUserQueryKey } from '@/lib/current-user';
import { roleUser } from '@/test/fixtures';
import { jsonResponse } from '@/test/mock-api';
import { createTestQueryClient, renderPage } from '@/test/render-page';
import { MailLogsPage } from './mail-logs-page';

const rows: MailLog[] = [
  {
    id: 7,
    to: 'guest@example.com',
    subject: 'Verify your e-mail',
    body: 'Hello <b>guest</b>,\n<script>alert(1)</script>\nClick the link.',
    status: 'failed',
    error: 'Connection refused',
    created_at: '2026-02-03T10:00:00Z',
  },
  {
    id: 8,
    to: 'admin@example.com',
    subject: 'Welcome',
    body: 'Hi',
    status: 'logged',
    error: null,
    created_at: '2026-02-02T10:00:00Z',
  },
];

const LINK = 'http://console.test/register/abc-123';
const outboxRows: OutboxMail[] = [
  {
    id: 9,
    to: 'invitee@example.com',
    subject: 'You are invited to netfleet',
    body: `Hello,\n<b>Register</b> by opening this link:\n\n${LINK}\n`,
    created_at: '2026-02-04T10:00:00Z',
  },
];

const listOf = (data: readonly unknown[]) =>
  jsonResponse(200, { success: true, data, meta: { total: data.length } });
const fetchMock = vi.fn((url: string, _init?: RequestInit) =>
  Promise.resolve(listOf(url.startsWith('/api/mail-logs/outbox') ? outboxRows : rows)),
);

beforeEach(() => {
  writeCookie(COOKIES.timezone, 'UTC');
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

/** The page for a signed-in super admin, or another holder of view_mail_logs. */
function renderMailLogs(path: string, role: RoleName = 'super_admin') {
  const queryClient = createTestQueryClient();
  const permissions = role === 'super_admin' ? {} : { permissions: ['view_mail_logs' as const] };
  queryClient.setQueryData(currentUserQueryKey, roleUser(role, permissions));
  const view = renderPage(<MailLogsPage />, { path, queryClient });
  const params = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, params };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const lastQuery = () =>
  Object.fromEntries(
    new URL(fetchMock.mock.calls.at(-1)?.[0] ?? '', 'http://localhost').searchParams,
  );

describe('MailLogsPage', () => {
  it('lists mail with status badges, newest first', async () => {
    renderMailLogs('/system/mail-logs');
    const table = await screen.findByRole('table', { name: 'Mail logs' });
    await within(table).findByText('Verify your e-mail');
    expect(fetchMock.mock.calls.at(-1)?.[0]).toMatch(/^\/api\/mail-logs\?/);
    expect(lastQuery()).toEqual({ limit: '25', offset: '0', sort: '-created_at' });
    expect(within(table).getByText('Failed')).toBeInTheDocument();
    expect(within(table).getByText('Logged')).toBeInTheDocument();
    expect(within(table).getByText('Connection refused')).toBeInTheDocument();
    expect(within(table).getByText('2026-02-03 10:00:00')).toBeInTheDocument();
  });

  it('opens the body as plain text when a row is clicked', async () => {
    const user = userEvent.setup();
    renderMailLogs('/system/mail-logs');
    await user.click(await screen.findByText('Verify your e-mail'));
    const dialog = await screen.findByRole('dialog');
    const body = within(dialog).getByTestId('mail-log-body');
    expect(body.textContent).toBe(rows[0]?.body);
    // The markup stays text: no elements were created from it.
    expect(body.querySelector('b, script')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens a row from the keyboard', async () => {
    const user = userEvent.setup();
    renderMailLogs('/system/mail-logs');
    const cell = await screen.findByText('Welcome');
    cell.closest('tr')?.focus();
    await user.keyboard('{Enter}');
    expect(
      within(await screen.findByRole('dialog')).getByTestId('mail-log-body'),
    ).toHaveTextContent('Hi');
  });

  it('keeps the status filter in the URL and sends it to the server', async () => {
    const user = userEvent.setup();
    const { params } = renderMailLogs('/system/mail-logs?q=guest');
    await screen.findByText('Welcome');
    expect(lastQuery()).toMatchObject({ q: 'guest' });
    await user.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    expect(params().get('status')).toBe('failed');
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'guest', status: 'failed' }));
  });

  it('shows the status filter from the URL', async () => {
    renderMailLogs('/system/mail-logs?status=sent');
    await screen.findByText('Welcome');
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('Sent');
    expect(lastQuery()).toMatchObject({ status: 'sent' });
  });

  it('shows another holder of view_mail_logs the log only, never the outbox', async () => {
    renderMailLogs('/system/mail-logs?tab=outbox', 'admin');
    await screen.findByRole('table', { name: 'Mail logs' });
    expect(screen.queryByRole('tab', { name: 'Outbox' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContainEqual(
      expect.stringMatching(/outbox/),
    );
  });

  it('lets a super admin read unsent mail in full, links included, as text', async () => {
    const user = userEvent.setup();
    const { params } = renderMailLogs('/system/mail-logs');
    await screen.findByRole('table', { name: 'Mail logs' });
    await user.click(screen.getByRole('tab', { name: 'Outbox' }));
    expect(params().get('tab')).toBe('outbox');
    const table = await screen.findByRole('table', { name: 'Outbox' });
    expect(fetchMock.mock.calls.at(-1)?.[0]).toMatch(/^\/api\/mail-logs\/outbox\?/);
    expect(lastQuery()).toEqual({ limit: '25', offset: '0', sort: '-created_at' });
    await user.click(await within(table).findByText('You are invited to netfleet'));

    const dialog = await screen.findByRole('dialog');
    const body = within(dialog).getByTestId('outbox-mail-body');
    expect(body.textContent).toBe(outboxRows[0]?.body);
    expect(body.querySelector('b')).toBeNull();
    expect(within(dialog).getByRole('link', { name: LINK })).toHaveAttribute('href', LINK);
    await user.click(within(dialog).getByRole('button', { name: `Copy ${LINK}` }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
  });
});

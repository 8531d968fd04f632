import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIES, type MailLog } from '@netfleet/contracts';
import {
  currentParams,
  renderWithProviders,
  stubListFetch,
} from '@/components/data-table/test-utils';
import { writeCookie } from '@/lib/cookies';
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

let fetchMock: ReturnType<typeof stubListFetch>;

beforeEach(() => {
  writeCookie(COOKIES.timezone, 'UTC');
  fetchMock = stubListFetch(rows);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const lastQuery = () =>
  Object.fromEntries(
    new URL(fetchMock.mock.calls.at(-1)?.[0] ?? '', 'http://localhost').searchParams,
  );

describe('MailLogsPage', () => {
  it('lists mail with status badges, newest first', async () => {
    renderWithProviders(<MailLogsPage />, { route: '/system/mail-logs' });
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
    renderWithProviders(<MailLogsPage />, { route: '/system/mail-logs' });
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
    renderWithProviders(<MailLogsPage />, { route: '/system/mail-logs' });
    const cell = await screen.findByText('Welcome');
    cell.closest('tr')?.focus();
    await user.keyboard('{Enter}');
    expect(
      within(await screen.findByRole('dialog')).getByTestId('mail-log-body'),
    ).toHaveTextContent('Hi');
  });

  it('keeps the status filter in the URL and sends it to the server', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MailLogsPage />, { route: '/system/mail-logs?q=guest' });
    await screen.findByText('Welcome');
    expect(lastQuery()).toMatchObject({ q: 'guest' });
    await user.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    expect(currentParams().get('status')).toBe('failed');
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'guest', status: 'failed' }));
  });

  it('shows the status filter from the URL', async () => {
    renderWithProviders(<MailLogsPage />, { route: '/system/mail-logs?status=sent' });
    await screen.findByText('Welcome');
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('Sent');
    expect(lastQuery()).toMatchObject({ status: 'sent' });
  });
});

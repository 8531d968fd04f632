import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIES, type ImpersonationLog } from '@netfleet/contracts';
import { renderWithProviders, stubListFetch } from '@/components/data-table/test-utils';
import { writeCookie } from '@/lib/cookies';
import { ImpersonationLogsPage } from './impersonation-logs-page';

const rows: ImpersonationLog[] = [
  {
    id: 1,
    impersonator_id: 1,
    impersonator_email: 'admin@example.com',
    user_id: 2,
    user_email: 'guest@example.com',
    company_id: 1,
    company_name: 'Root',
    started_at: '2026-02-03T10:00:00Z',
    ended_at: null,
    ip: '10.0.0.1',
  },
  {
    id: 2,
    impersonator_id: 1,
    impersonator_email: 'admin@example.com',
    user_id: 3,
    user_email: 'client@example.com',
    company_id: 5,
    company_name: 'Child',
    started_at: '2026-02-01T08:00:00Z',
    ended_at: '2026-02-01T09:30:15Z',
    ip: null,
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

const lastUrl = () => new URL(fetchMock.mock.calls.at(-1)?.[0] ?? '', 'http://localhost');

describe('ImpersonationLogsPage', () => {
  it('lists the logs newest first with an Active badge for open sessions', async () => {
    renderWithProviders(<ImpersonationLogsPage />, { route: '/users/impersonation-logs' });
    const table = await screen.findByRole('table', { name: 'Impersonation logs' });
    await within(table).findByText('guest@example.com');
    expect(lastUrl().pathname).toBe('/api/users/impersonation-logs');
    expect(Object.fromEntries(lastUrl().searchParams)).toEqual({
      limit: '25',
      offset: '0',
      sort: '-started_at',
    });
    const rowOf = (email: string) => within(table).getByText(email).closest('tr') as HTMLElement;
    const active = within(rowOf('guest@example.com'));
    expect(active.getByText('Active')).toBeInTheDocument();
    expect(active.getByText('2026-02-03 10:00:00')).toBeInTheDocument();
    const ended = within(rowOf('client@example.com'));
    expect(ended.getByText('2026-02-01 09:30:15')).toBeInTheDocument();
    expect(ended.queryByText('Active')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
  });

  it('sorts by end time and sends the search to the server', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ImpersonationLogsPage />, { route: '/users/impersonation-logs?q=guest' });
    await screen.findByText('guest@example.com');
    expect(lastUrl().searchParams.get('q')).toBe('guest');
    const ended = screen.getByRole('columnheader', { name: /Ended/ });
    await user.click(within(ended).getByRole('button'));
    await waitFor(() => expect(lastUrl().searchParams.get('sort')).toBe('ended_at'));
    expect(screen.getByRole('columnheader', { name: /Company/ })).not.toHaveAttribute('aria-sort');
  });
});

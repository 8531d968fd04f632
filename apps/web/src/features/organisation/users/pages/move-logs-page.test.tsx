import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { COOKIES, type UserMoveLog } from '@netfleet/contracts';
import { writeCookie } from '@/lib/cookies';
import { mockApi } from '@/test/mock-api';
import { list, paramsOf, renderSignedIn } from '../test-utils';
import { MoveLogsPage } from './move-logs-page';

const logs: UserMoveLog[] = [
  {
    id: 1,
    user_id: 9,
    user_email: 'grace@example.com',
    from_company_id: 3,
    from_company_name: 'Acme',
    to_company_id: 4,
    to_company_name: 'Acme Child',
    moved_by_email: 'ada@example.com',
    created_at: '2026-02-03T10:00:00Z',
  },
];

beforeEach(() => {
  writeCookie(COOKIES.timezone, 'UTC');
});

describe('MoveLogsPage', () => {
  it('lists who moved which user where, newest first, searching on the server', async () => {
    const api = mockApi({ 'GET /api/users/move-logs': () => list(logs) });
    renderSignedIn(<MoveLogsPage />, { path: '/users/move-logs?q=grace' });
    const table = await screen.findByRole('table', { name: 'User move logs' });
    const row = (await within(table).findByText('grace@example.com')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Acme')).toBeInTheDocument();
    expect(within(row).getByText('Acme Child')).toBeInTheDocument();
    expect(within(row).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(row).getByText('2026-02-03 10:00:00')).toBeInTheDocument();
    expect(paramsOf(api.calls('GET /api/users/move-logs').at(-1))).toEqual({
      limit: '25',
      offset: '0',
      sort: '-created_at',
      q: 'grace',
    });
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
  });
});

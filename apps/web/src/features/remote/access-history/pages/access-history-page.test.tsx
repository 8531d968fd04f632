import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectLog, CurrentUser } from '@netfleet/contracts';
import { roleUser } from '@/test/fixtures';
import { ok } from '@/test/mock-api';
import { currentLocation, dialog, listOk, renderWithSession } from '@/test/render-route';
import { AccessHistoryPage } from './access-history-page';

const NOW = new Date('2026-03-10T12:00:00Z');

const log = (overrides: Partial<ConnectLog> = {}): ConnectLog => ({
  id: 31,
  type: 'cli',
  start_time: '2026-03-10 10:00:00',
  end_time: '2026-03-10 11:05:00',
  input_data: 2048,
  output_data: 3 * 1024 * 1024,
  username: 'ada@example.com',
  company_name: 'Acme',
  device_id: 42,
  device_name: 'Depot router',
  protocol: 'ssh',
  destination_ip: '127.0.0.1',
  destination_port: 22,
  client_ip: '203.0.113.9',
  end_reason: 'closed by user',
  ...overrides,
});

const rows = [
  log(),
  log({
    id: 32,
    type: 'lan-webui',
    start_time: '2026-03-10 11:30:00',
    end_time: null,
    input_data: 11 * 1024 ** 3,
    output_data: 0,
    username: 'bob@example.com',
    protocol: 'https',
    destination_ip: '192.168.1.20',
    destination_port: 443,
    end_reason: null,
  }),
];

const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

function renderHistory(user: CurrentUser = roleUser('admin'), url = '/access-history') {
  return renderWithSession(<AccessHistoryPage />, {
    url,
    path: '/access-history',
    user,
    api: {
      'GET /api/devices/connect/logs': () => listOk(rows),
      'DELETE /api/devices/connect/sessions/32': () => ok(),
    },
  });
}

const rowOf = (user: string) =>
  within(
    within(screen.getByRole('table', { name: 'Access history' }))
      .getByText(user)
      .closest('tr') as HTMLElement,
  );

beforeEach(() => {
  // Only Date: the tests' timers stay real.
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('AccessHistoryPage', () => {
  it('asks for the last 7 days, newest first, in RMS’s date format', async () => {
    const view = renderHistory();
    await screen.findByText('ada@example.com');
    expect(queryOf(view.calls('GET /api/devices/connect/logs').at(-1)?.[0])).toEqual({
      start_date: '2026-03-03 12:00:00',
      end_date: '2026-03-10 12:00:00',
      sort: '-start_date',
      limit: '25',
      offset: '0',
    });
  });

  it('shows sizes, targets, durations and “Active” for a session still open', async () => {
    renderHistory();
    await screen.findByText('ada@example.com');
    const ended = rowOf('ada@example.com');
    expect(ended.getByText('CLI')).toBeInTheDocument();
    expect(ended.getByText('SSH 127.0.0.1:22')).toBeInTheDocument();
    expect(ended.getByText('2026-03-10 11:05:00')).toBeInTheDocument();
    expect(ended.getByText('1h 5m')).toBeInTheDocument();
    expect(ended.getByText('2 KB')).toBeInTheDocument();
    expect(ended.getByText('3 MB')).toBeInTheDocument();
    expect(ended.getByText('closed by user')).toBeInTheDocument();
    const open = rowOf('bob@example.com');
    expect(open.getByText('Active')).toBeInTheDocument();
    expect(open.getByText('LAN web UI')).toBeInTheDocument();
    expect(open.getByText('11 GB')).toBeInTheDocument();
    expect(open.getByText('30m')).toBeInTheDocument();
    // Only an active session can be ended.
    expect(ended.queryByRole('button', { name: /End session/ })).not.toBeInTheDocument();
  });

  it('keeps the type and state filters in the URL and sends them', async () => {
    const view = renderHistory();
    await screen.findByText('ada@example.com');
    await view.user.click(screen.getByRole('combobox', { name: 'Filter by type' }));
    await view.user.click(await screen.findByRole('option', { name: 'Web UI' }));
    await view.user.click(screen.getByRole('combobox', { name: 'Filter by state' }));
    await view.user.click(await screen.findByRole('option', { name: 'Active' }));
    expect(currentLocation()).toBe('/access-history?type=webui&active=true');
    await waitFor(() =>
      expect(queryOf(view.calls('GET /api/devices/connect/logs').at(-1)?.[0])).toMatchObject({
        type: 'webui',
        active: 'true',
      }),
    );
  });

  it('sorts by bytes out on the server', async () => {
    const view = renderHistory();
    await screen.findByText('ada@example.com');
    await view.user.click(screen.getByRole('button', { name: /Bytes out/ }));
    await waitFor(() =>
      expect(queryOf(view.calls('GET /api/devices/connect/logs').at(-1)?.[0])).toMatchObject({
        sort: 'output_data',
      }),
    );
  });

  it('ends an active session after a confirm', async () => {
    const view = renderHistory();
    await screen.findByText('bob@example.com');
    await view.user.click(rowOf('bob@example.com').getByRole('button', { name: /End session/ }));
    const confirm = await dialog('End session');
    expect(confirm.getByText(/bob@example.com's session to Depot router/)).toBeInTheDocument();
    await view.user.click(confirm.getByRole('button', { name: 'End session' }));
    await waitFor(() =>
      expect(view.calls('DELETE /api/devices/connect/sessions/32')).toHaveLength(1),
    );
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
  });

  it('offers no End without manage_device_remote_access', async () => {
    renderHistory(roleUser('readonly_admin'));
    await screen.findByText('bob@example.com');
    expect(screen.queryByRole('button', { name: /End session/ })).not.toBeInTheDocument();
  });
});

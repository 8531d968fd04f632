import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIES, type AuthDevice } from '@netfleet/contracts';
import { writeCookie } from '@/lib/cookies';
import { currentUserQueryKey } from '@/lib/current-user';
import { roleUser } from '@/test/fixtures';
import { jsonResponse } from '@/test/mock-api';
import { createTestQueryClient, renderPage } from '@/test/render-page';
import { AUTH_DEVICE_TEXTS as T } from '../texts';
import { AuthDevicesPage } from './auth-devices-page';

const refused: AuthDevice = {
  id: 3,
  status: 'refused',
  serial: '1100000001',
  mac: '00:1E:42:00:00:02',
  imei: null,
  model: 'RUT955',
  firmware: 'RUT9_R_00.07.06.1',
  ip: '10.0.0.9',
  attempts: 4,
  first_seen_at: '2026-02-03T10:00:00Z',
  last_seen_at: '2026-02-03T11:00:00Z',
  device_id: 42,
  device_name: 'Depot router',
  device_mac: '00:1E:42:00:00:01',
  device_imei: null,
  company_id: 2,
  company_name: 'Swap Co',
  approved_at: null,
  approved_by: null,
  previous_mac: null,
  previous_imei: null,
};

const fetchMock = vi.fn((url: string, init?: RequestInit) => {
  if (init?.method === 'POST')
    return Promise.resolve(jsonResponse(200, { success: true, data: refused }));
  const approved = url.includes('status=approved');
  return Promise.resolve(
    jsonResponse(200, { success: true, data: approved ? [] : [refused], meta: { total: 1 } }),
  );
});

beforeEach(() => {
  writeCookie(COOKIES.timezone, 'UTC');
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderAuthDevices(path = '/auth-devices') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey, roleUser('super_admin'));
  return renderPage(<AuthDevicesPage />, { path, queryClient });
}

describe('AuthDevicesPage', () => {
  it('lists refused identities with the device they collide with', async () => {
    renderAuthDevices();
    const table = await screen.findByRole('table', { name: T.refusedTable });
    await within(table).findByText('00:1E:42:00:00:02');
    expect(within(table).getByRole('link', { name: 'Depot router' })).toHaveAttribute(
      'href',
      '/devices/42',
    );
    expect(within(table).getByText('Swap Co')).toBeInTheDocument();
    const url = new URL(fetchMock.mock.calls.at(-1)?.[0] ?? '', 'http://localhost');
    expect(url.pathname).toBe('/api/devices/authorized');
    expect(url.searchParams.get('status')).toBe('refused');
    expect(url.searchParams.get('sort')).toBe('-last_seen_at');
  });

  it('approves only after the confirmation', async () => {
    const user = userEvent.setup();
    renderAuthDevices();
    await user.click(await screen.findByRole('button', { name: /Actions for 1100000001/ }));
    await user.click(await screen.findByRole('menuitem', { name: T.approve }));
    const dialog = await screen.findByRole('dialog', { name: T.approveTitle });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: T.approve }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[0]).toBe(
        '/api/devices/authorized/3/approve',
      ),
    );
  });

  it('shows the approvals on their tab', async () => {
    renderAuthDevices('/auth-devices?tab=approvals');
    const table = await screen.findByRole('table', { name: T.approvalsTable });
    await within(table).findByText(T.emptyApprovals);
  });
});

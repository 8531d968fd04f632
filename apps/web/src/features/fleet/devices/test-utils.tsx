// Test-only: the devices page under the route harness with a fake realtime socket, and fixtures.
import { afterEach, beforeEach, vi } from 'vitest';
import type { CurrentUser } from '@netfleet/contracts';
import { registerActionStatus, type ActionStatusHandler } from '@/lib/action-status';
import { RealtimeProvider } from '@/lib/realtime';
import { ok, type MockHandler } from '@/test/mock-api';
import { FakeSocket } from '@/test/fake-socket';
import { listOk, renderWithSession } from '@/test/render-route';
import type { DeviceRow } from './api/get-devices';
import { DevicesPage } from './pages/devices-page';

export { dialog, lastBody, listOk } from '@/test/render-route';

export const actionStatusOpened = vi.fn<ActionStatusHandler>();
let unregister: (() => void) | undefined;

beforeEach(() => {
  unregister = registerActionStatus(actionStatusOpened);
});

afterEach(() => {
  unregister?.();
  actionStatusOpened.mockReset();
});

export function device(overrides: Partial<DeviceRow> = {}): DeviceRow {
  return {
    id: 11,
    name: 'Gate router',
    serial: '1100000011',
    mac: '00:1E:42:00:00:11',
    model: 'RUT950',
    firmware: 'RUT9_R_00.07.06.1',
    company_id: 3,
    company_name: 'Acme',
    status: 1,
    signal: -67,
    operator: 'Telia',
    temperature: 415,
    tags: [
      {
        id: 5,
        name: 'North',
        description: '',
        user_id: null,
        company_id: 3,
        color: null,
        actions: [],
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      },
    ],
    last_connection_at: '2026-02-03T10:00:00Z',
    ...overrides,
  };
}

/** Renders /management/devices with these API handlers (plus empty pickers) and a fake socket. */
export function renderDevices(
  user: CurrentUser,
  api: Record<string, MockHandler>,
  url = '/management/devices',
) {
  const socket = new FakeSocket();
  const view = renderWithSession(
    <RealtimeProvider connect={() => socket.asSocket()}>
      <DevicesPage />
    </RealtimeProvider>,
    {
      url,
      path: '/management/devices',
      user,
      api: {
        'GET /api/devices/statistics': () => ok({ model: { RUT950: 2, unknown: 1 }, firmware: {} }),
        'GET /api/tags': () => listOk([]),
        'GET /api/companies': () => listOk([{ id: 3, name: 'Acme' }]),
        ...api,
      },
    },
  );
  return { ...view, socket };
}

// Test-only: the Wi-Fi pages' route harness (src/test/render-route) and their fixtures.
import type { Hotspot, WirelessInterface } from '@netfleet/contracts';

export { currentLocation, listOk, renderWithSession } from '@/test/render-route';

const device = {
  device_id: 11,
  device_name: 'Depot router',
  serial: '1100000001',
  model: 'RUT360',
  firmware: 'RUT36X_R_00.07.06.1',
  device_status: 1,
  company_id: 3,
  company_name: 'Acme',
};

export function hotspot(overrides: Partial<Hotspot> = {}): Hotspot {
  return {
    id: 1100,
    key: '11:0',
    ...device,
    name: device.device_name,
    description: null,
    status: 'online',
    is_esim_bootstrap: null,
    index: 0,
    ssid: 'Guest hotspot',
    ssid_names: 'Guest hotspot',
    online_users: 4,
    rx: 15_360,
    tx: 2048,
    updated_at: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

export function wirelessInterface(overrides: Partial<WirelessInterface> = {}): WirelessInterface {
  return {
    id: 1100,
    key: '11:0',
    ...device,
    name: device.device_name,
    description: null,
    status: 'online',
    index: 0,
    ssid: 'Depot_0001',
    band: '2.4GHz',
    channel: 6,
    enabled: true,
    clients: 7,
    clients_count: '7',
    received: null,
    sent: null,
    created_at: null,
    updated_at: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

export const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

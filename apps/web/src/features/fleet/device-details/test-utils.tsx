// Test-only: the device page's route harness (src/test/render-route) and its fixtures.
import { type CurrentUser, type Device, DEVICE_FIELDS } from '@netfleet/contracts';
import { RealtimeProvider } from '@/lib/realtime';
import { FakeSocket } from '@/test/fake-socket';
import type { MockHandler } from '@/test/mock-api';
import { ok } from '@/test/mock-api';
import { listOk, renderWithSession } from '@/test/render-route';
import type { DeviceTabSections } from './components/tab-props';
import { createDevicePage, DevicePage } from './pages/device-page';

export { currentLocation, dialog, lastBody, listOk } from '@/test/render-route';

/** RMS's device fields netfleet may not know: null unless a test sets them. */
const UNKNOWN_FIELDS = Object.fromEntries(
  DEVICE_FIELDS.map((field) => [field, null]),
) as unknown as Device;

export function device(overrides: Partial<Device> = {}): Device {
  return {
    ...UNKNOWN_FIELDS,
    id: 42,
    name: 'Depot router',
    description: 'Loading bay',
    serial: '1100123456',
    mac: '00:1E:42:12:34:56',
    imei: null,
    model: 'RUTX11',
    firmware: 'RUTX_R_00.07.06',
    device_series: 'rut',
    series: 'RUTX',
    company_id: 3,
    company_name: 'Acme',
    status: 1,
    created_at: '2026-01-02T10:00:00Z',
    enrolled_at: '2026-01-02T10:05:00Z',
    last_connection_at: '2026-11-20T10:00:00Z',
    information_updated: '2026-11-20T10:00:00Z',
    signal: -67,
    signal_2: null,
    operator: 'Telia',
    operator_2: null,
    network_state: 'registered',
    network_state_2: null,
    connection_type: 'LTE',
    connection_type_2: null,
    modem_model: null,
    modem_model_2: null,
    modem_manufacturer: null,
    modem_manufacturer_2: null,
    modem_firmware: null,
    modem_firmware_2: null,
    wan_state: 'mobile',
    wan_ip: '10.1.2.3',
    temperature: 415,
    uptime: 3600,
    latitude: null,
    longitude: null,
    user_set_latitude: null,
    user_set_longitude: null,
    dynamic_monitoring: 300,
    static_monitoring: 1_296_000,
    hotspot_monitoring: 0,
    gps_monitoring: 0,
    io_monitoring: 0,
    wireless_monitoring: 0,
    ddns_monitoring: 0,
    vpn_monitoring: 0,
    tags: [
      {
        id: 5,
        name: 'Warehouse',
        description: '',
        user_id: null,
        company_id: 3,
        color: '#1a2b3c',
        actions: [],
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      },
    ],
    has_wifi: false,
    has_gps: false,
    has_rutos: true,
    has_mobile: false,
    port_count: 4,
    has_lan: true,
    has_hotspot: false,
    sim_count: 2,
    has_io: false,
    has_ddns: false,
    has_data_usage: false,
    has_l2tp: false,
    has_second_modem: false,
    has_network_map: false,
    has_esim: false,
    has_webfilter: false,
    has_vpn: false,
    has_legacy_alerts: false,
    has_legacy_vpn: false,
    ...overrides,
  };
}

/**
 * The device page at `url` with a fake realtime socket; the device answers as `subject`. With
 * `sections`, the page as the app layer composes it with other features' tab sections.
 */
export function renderDevicePage(
  url: string,
  user: CurrentUser,
  subject: Device,
  api: Record<string, MockHandler> = {},
  sections?: DeviceTabSections,
) {
  const socket = new FakeSocket();
  const Page = sections ? createDevicePage(sections) : DevicePage;
  const view = renderWithSession(
    <RealtimeProvider connect={() => socket.asSocket()}>
      <Page />
    </RealtimeProvider>,
    {
      url,
      path: '/devices/:id/:tab?/:sub?',
      user,
      api: {
        [`GET /api/devices/${subject.id}`]: () => ok(subject),
        'GET /api/devices/updates/pending': () => listOk([]),
        ...api,
      },
    },
  );
  return { ...view, socket };
}

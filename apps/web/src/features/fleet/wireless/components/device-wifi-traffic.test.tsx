import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceWireless, WirelessGraphPoint } from '@netfleet/contracts';
import type { ChartData } from '@/components/charts';
import { roleUser } from '@/test/fixtures';
import { errorResponse, jsonResponse, type MockHandler } from '@/test/mock-api';
import { WIFI_TRAFFIC_TEXTS as T } from '../texts';
import { listOk, queryOf, renderWithSession } from '../test-utils';
import { DeviceWifiTraffic } from './device-wifi-traffic';

/** The axis formatter each chart was given, by title. */
const formatters = vi.hoisted(() => new Map<string, (value: number) => string>());

// jsdom draws no canvas: the lazy uPlot chart is replaced by what it was given.
vi.mock('@/components/charts', () => ({
  TimeChart: ({
    title,
    data,
    expandable,
    formatValue,
  }: {
    title: string;
    data: ChartData;
    expandable?: boolean;
    formatValue: (value: number) => string;
  }) => {
    formatters.set(title, formatValue);
    return (
      <figure aria-label={title} data-expandable={String(Boolean(expandable))}>
        {data.series.map((series) => `${series.label}: ${series.values.join(' ')}`).join('; ')}
      </figure>
    );
  },
}));
const formatted = (value: number) => formatters.get('Traffic: Depot')?.(value);

const network = (wlan: number, ssid: string): DeviceWireless => ({
  id: 4200 + wlan,
  key: `42:${wlan}`,
  device_id: 42,
  device_name: 'Depot router',
  serial: '1100000001',
  model: 'RUTX11',
  firmware: 'RUTX_R_00.07.06',
  device_status: 1,
  company_id: 3,
  company_name: 'Acme',
  index: wlan,
  ssid,
  updated_at: '2026-11-30 10:00:00',
  wlan_id: String(wlan),
  active: 1,
  received: null,
  sent: null,
  clients_count: 2,
  band: '2.4GHz',
  channel: 6,
  enabled: true,
});
const point = (at: string, clients: number, bytes: number | null = null): WirelessGraphPoint => ({
  created_at: at,
  interval: null,
  received: bytes,
  sent: bytes === null ? null : bytes * 2,
  clients_count: clients,
});

const render = (
  api: Record<string, MockHandler>,
  user = roleUser('admin'),
  device = { id: 42, has_wifi: true },
) =>
  renderWithSession(<DeviceWifiTraffic device={device} />, {
    url: '/devices/42/services',
    path: '/devices/:id/:tab',
    user,
    api,
  });

describe('DeviceWifiTraffic', () => {
  it('draws a traffic and clients chart per Wi-Fi network from one graph request', async () => {
    const { calls } = render({
      'GET /api/devices/42/wireless': () => listOk([network(0, 'Depot'), network(1, 'Guest')]),
      'GET /api/devices/42/wireless/graph': () =>
        jsonResponse(200, {
          success: true,
          data: [
            { '0': [point('2026-11-30 09:00:00', 3), point('2026-11-30 09:05:00', 5, 100)] },
            { '1': [] },
          ],
        }),
    });
    const chart = await screen.findByRole('figure', { name: 'Traffic and clients: Depot' });
    expect(chart).toHaveTextContent('Clients: 3 5');
    expect(chart).toHaveAttribute('data-expandable', 'true');
    // Bytes in the readings add the network's traffic chart.
    expect(screen.getByRole('figure', { name: 'Traffic: Depot' })).toHaveTextContent(
      'Received: 100; Sent: 200',
    );
    expect(screen.getByText('Traffic and clients: Guest')).toBeInTheDocument();
    expect(screen.getByText(T.noReadings)).toBeInTheDocument();
    expect(screen.queryByText(T.noTraffic)).not.toBeInTheDocument();
    expect(screen.queryByRole('figure', { name: 'Traffic: Guest' })).not.toBeInTheDocument();
    const [graphCall] = calls('GET /api/devices/42/wireless/graph');
    expect(queryOf(graphCall?.[0])).toEqual({ wlan: '0,1' });
  });

  it('charts the bytes of each interval beside the clients, with units of 1024 steps', async () => {
    render({
      'GET /api/devices/42/wireless': () => listOk([network(0, 'Depot')]),
      'GET /api/devices/42/wireless/graph': () =>
        jsonResponse(200, {
          success: true,
          data: [
            {
              '0': [
                point('2026-11-30 09:00:00', 3),
                point('2026-11-30 09:05:00', 4, 3 * 1024 * 1024),
                point('2026-11-30 09:10:00', 4, null),
              ],
            },
          ],
        }),
    });
    const traffic = await screen.findByRole('figure', { name: 'Traffic: Depot' });
    // Points without a difference (the first, one after a counter reset) are gaps, not zero.
    expect(traffic).toHaveTextContent('Received: 3145728 ; Sent: 6291456');
    expect(screen.getByRole('figure', { name: 'Traffic and clients: Depot' })).toHaveTextContent(
      'Clients: 3 4 4',
    );
    expect(formatted(3 * 1024 * 1024)).toBe('3 MB');
    expect(formatted(5 * 1024)).toBe('5 KB');
    expect(formatted(-1)).toBe('');
  });

  it('says when the device reports no traffic for a network it has clients of', async () => {
    render({
      'GET /api/devices/42/wireless': () => listOk([network(0, 'Depot')]),
      'GET /api/devices/42/wireless/graph': () =>
        jsonResponse(200, { success: true, data: [{ '0': [point('2026-11-30 09:00:00', 3)] }] }),
    });
    expect(await screen.findByText(T.noTraffic)).toBeInTheDocument();
    expect(screen.getByText('Traffic: Depot')).toBeInTheDocument();
    expect(screen.queryByRole('figure', { name: 'Traffic: Depot' })).not.toBeInTheDocument();
  });

  it('says so when the device reports no networks, without asking for a graph', async () => {
    const { calls } = render({ 'GET /api/devices/42/wireless': () => listOk([]) });
    expect(await screen.findByText(T.noNetworks)).toBeInTheDocument();
    expect(calls('GET /api/devices/42/wireless/graph')).toHaveLength(0);
  });

  it('shows the server’s error when the graph cannot be loaded', async () => {
    render({
      'GET /api/devices/42/wireless': () => listOk([network(0, 'Depot')]),
      'GET /api/devices/42/wireless/graph': () =>
        errorResponse(422, 'VALIDATION_ERROR', 'The device has no Wi-Fi interface with this id'),
    });
    expect(await screen.findByText(T.loadFailed)).toBeInTheDocument();
    expect(screen.getByText('The device has no Wi-Fi interface with this id')).toBeInTheDocument();
  });

  it('shows nothing and asks nothing without the Wi-Fi permission or on a device without Wi-Fi', () => {
    const first = render({}, roleUser('admin', { permissions: ['view_devices'] }));
    expect(screen.queryByRole('heading', { name: T.title })).not.toBeInTheDocument();
    expect(first.fetchMock).not.toHaveBeenCalled();
    first.unmount();
    const second = render({}, roleUser('admin'), { id: 42, has_wifi: false });
    expect(screen.queryByRole('heading', { name: T.title })).not.toBeInTheDocument();
    expect(second.fetchMock).not.toHaveBeenCalled();
  });
});

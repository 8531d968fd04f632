import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartData } from '@/components/charts';
import { registerNamedDialogs } from '@/components/dialogs';
import { registerActionStatus } from '@/lib/action-status';
import { roleUser } from '@/test/fixtures';
import { jsonResponse, ok } from '@/test/mock-api';
import { currentLocation, device, dialog, lastBody, listOk, renderDevicePage } from '../test-utils';

// jsdom draws no canvas: the lazy Leaflet and uPlot modules are replaced by what they were given.
vi.mock('@/components/charts', () => ({
  TimeChart: ({ title, data }: { title: string; data: ChartData }) => (
    <figure aria-label={title}>{data.series.map((series) => series.label).join(', ')}</figure>
  ),
}));
vi.mock('@/components/map', () => ({
  DeviceMap: ({ label, points }: { label: string; points: unknown[] }) => (
    <div role="region" aria-label={label}>
      {points.length} clustered points
    </div>
  ),
}));

// Each test opens a whole page with lazy tabs; on a busy two-core machine that can take seconds.
configure({ asyncUtilTimeout: 5000 });

const admin = roleUser('admin');
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const summary = () => within(screen.getByRole('group', { name: 'Device summary' }));

let unregister: (() => void) | undefined;
afterEach(() => unregister?.());

describe('DevicePage', () => {
  it('shows the header and only the tabs the device’s flags allow, opening the first', async () => {
    renderDevicePage('/devices/42', admin, device(), {
      'GET /api/devices/actions/logs': () => listOk([]),
    });
    expect(await screen.findByRole('heading', { name: 'Depot router' })).toBeInTheDocument();
    expect(summary().getByText('Online')).toBeInTheDocument();
    expect(summary().getByText('RUTX11')).toBeInTheDocument();
    expect(summary().getByText('1100123456')).toBeInTheDocument();
    expect(summary().getByText('RUTX_R_00.07.06')).toBeInTheDocument();
    expect(summary().getByRole('link', { name: 'Acme' })).toHaveAttribute('href', '/companies/3');
    expect(summary().getByText('Warehouse')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/devices/42/activity/device-logs'));
    expect(tabNames()).toEqual([
      'Activity',
      'Alerts',
      // Without GPS: there to place the device on the map (admin has update_devices).
      'Location',
      'Dashboards',
      'Ports and access',
      // Every device has a management credit.
      'Services',
      'Network',
      'Monitoring parameters history',
      'Metrics',
      'Device logs',
      'Connection log',
    ]);
    expect(await screen.findByText('No actions run on this device')).toBeInTheDocument();
  });

  it('adds location, data usage and the metrics sub tabs for a capable device', async () => {
    renderDevicePage(
      '/devices/42/metrics/gps',
      admin,
      device({ has_gps: true, has_mobile: true, has_io: true, has_data_usage: true }),
      {
        'GET /api/devices/42/information/gps': () =>
          listOk([
            { datetime: '2026-11-20T10:00:00Z', data: { latitude: 1, longitude: 2, speed: 30 } },
          ]),
      },
    );
    expect(await screen.findByRole('figure', { name: 'Speed' })).toBeInTheDocument();
    expect(tabNames()).toEqual([
      'Activity',
      'Alerts',
      'Location',
      'Dashboards',
      'Data usage',
      'Ports and access',
      'Services',
      'Network',
      'Monitoring parameters history',
      'Metrics',
      'Dynamic',
      'Mobile data',
      'Input/Output',
      'GPS',
    ]);
    // The refresh interval selector (spec §9 options) starts switched off.
    expect(screen.getByDisplayValue('Off')).toBeInTheDocument();
  });

  it('shows the spec §8 message of each connection log code', async () => {
    const entry = (id: number, code: number, reason: string | null) => ({
      id,
      device_id: 42,
      code,
      reason,
      message: 'server text',
      created_at: '2026-11-20T10:00:00Z',
    });
    renderDevicePage('/devices/42/activity/connection-log', admin, device(), {
      'GET /api/devices/42/logs': () =>
        listOk([
          entry(1, 0, null),
          entry(2, 14, null),
          entry(3, 15, null),
          entry(4, 7, null),
          entry(5, 99, 'TLS handshake failed'),
        ]),
    });
    const table = within(await screen.findByRole('table', { name: 'Connection log' }));
    expect(await table.findByText('Device has attempted to connect to the system')).toBeVisible();
    expect(
      table.getByText('Device could not connect because Monitoring was disabled'),
    ).toBeVisible();
    expect(
      table.getByText('Device could not connect because it has no active credit'),
    ).toBeVisible();
    expect(
      table.getByText('A device with identical serial but different MAC is already registered'),
    ).toBeVisible();
    expect(table.getByText('TLS handshake failed')).toBeVisible();
  });

  it('lists data usage per day, modem and SIM in 1024-step units', async () => {
    renderDevicePage('/devices/42/data-usage', admin, device({ has_data_usage: true }), {
      'GET /api/devices/42/data-usage': () =>
        listOk([
          {
            date: '2026-11-20',
            modems: [
              {
                modem_id: '1',
                sims: [
                  { sim_id: 1, sim_label: 'SIM 1', data: { rx: 512, tx: 20480 } },
                  { sim_id: 3, sim_label: 'eSIM', data: { rx: 11 * 1024 ** 3, tx: 0 } },
                ],
              },
            ],
          },
        ]),
    });
    const table = within(await screen.findByRole('table', { name: 'Data usage' }));
    const [, sim, esim] = table.getAllByRole('row');
    expect(sim).toHaveTextContent('SIM 1');
    expect(sim).toHaveTextContent('0.5 KB');
    expect(sim).toHaveTextContent('0.02 MB');
    expect(esim).toHaveTextContent('eSIM');
    expect(esim).toHaveTextContent('11 GB');
    expect(screen.getByRole('figure', { name: 'Data per day' })).toHaveTextContent(
      'Modem 1 · SIM 1, Modem 1 · eSIM',
    );
  });

  it('reboots after confirmation and follows it in the Action status', async () => {
    const opened = vi.fn();
    unregister = registerActionStatus(opened);
    const view = renderDevicePage('/devices/42/ports-and-access', admin, device(), {
      'POST /api/devices/actions': () =>
        jsonResponse(200, {
          success: true,
          meta: { channel: 'private-status.7.abcdefghijklmnop' },
        }),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Reboot' }));
    const confirm = await dialog('Reboot device');
    await view.user.click(confirm.getByRole('button', { name: 'Reboot' }));
    await waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    expect(lastBody(view.calls, 'POST /api/devices/actions')).toEqual({
      action: 'reboot',
      device_id: [42],
    });
    expect(opened).toHaveBeenCalledWith('private-status.7.abcdefghijklmnop', {
      title: 'Reboot Depot router',
      itemLabels: { '42': 'Depot router' },
    });
  });

  it('opens the web UI and CLI device actions by their dialog names', async () => {
    const opened = vi.fn((device: unknown) => ({
      id: 'remote',
      title: 'Remote dialog',
      content: JSON.stringify(device),
    }));
    unregister = registerNamedDialogs({
      'device-actions.web-ui': opened,
      'device-actions.cli': opened,
    });
    const view = renderDevicePage('/devices/42/ports-and-access', admin, device());
    await view.user.click(await screen.findByRole('button', { name: 'Web UI' }));
    expect(await dialog('Remote dialog')).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'CLI' }));
    expect(opened).toHaveBeenCalledTimes(2);
    expect(opened).toHaveBeenLastCalledWith({ id: 42, name: 'Depot router' });
  });

  it('shows the sections other features add to a tab after its own content', async () => {
    const Section = ({ device: shown }: { device: { name: string } }) => (
      <p>Remote access of {shown.name}</p>
    );
    renderDevicePage(
      '/devices/42/ports-and-access',
      admin,
      device(),
      {},
      {
        'ports-and-access': Section,
      },
    );
    expect(await screen.findByText('Remote access of Depot router')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'LAN ports' })).toBeInTheDocument();
  });

  it('updates the status live from DevicesChanged, without reloading', async () => {
    const view = renderDevicePage('/devices/42/ports-and-access', admin, device());
    await screen.findByRole('group', { name: 'Device summary' });
    expect(summary().getByText('Online')).toBeInTheDocument();
    await waitFor(() => expect(view.socket.subscribes('private-devices.tree.3')).toHaveLength(1));
    view.socket.serverEmit('DevicesChanged', {
      channel: 'private-devices.tree.3',
      devices: [{ id: 42, company_id: 3, status: 0 }],
    });
    expect(await summary().findByText('Offline')).toBeInTheDocument();
    expect(view.calls('GET /api/devices/42')).toHaveLength(1);
  });

  it('offers no actions without update_devices and says when the device is gone', async () => {
    renderDevicePage('/devices/9', roleUser('read_only'), device({ id: 42 }), {
      'GET /api/devices/9': () =>
        jsonResponse(404, { success: false, errors: [{ code: 'NOT_FOUND', message: 'x' }] }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Device not found');
    expect(screen.queryByRole('button', { name: 'Reboot' })).not.toBeInTheDocument();
  });

  it('shows the history at the chosen time', async () => {
    renderDevicePage('/devices/42/monitoring-parameters-history', admin, device(), {
      // RMS's shapes: the times by day, and one flat row with netfleet's readings beside it.
      'GET /api/devices/42/information-history/datetimes': () =>
        ok([
          {
            date: '2026-11-20',
            times: ['2026-11-20T10:00:00.000Z', '2026-11-20T09:55:00.000Z'],
          },
        ]),
      'GET /api/devices/42/information-history': () =>
        ok([
          {
            device_id: 42,
            signal: null,
            readings: {
              gps: {
                datetime: '2026-11-20T10:00:00.000Z',
                data: { latitude: 54.7, longitude: 25.3 },
              },
            },
          },
        ]),
    });
    const table = within(await screen.findByRole('table', { name: 'gps' }));
    expect(table.getByRole('row', { name: 'latitude 54.7' })).toBeInTheDocument();
  });
});

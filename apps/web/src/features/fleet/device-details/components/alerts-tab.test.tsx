import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type DeviceAlert, userChannel } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { disconnectRealtime } from '@/lib/realtime';
import { roleUser } from '@/test/fixtures';
import { errorResponse, jsonResponse } from '@/test/mock-api';
import { currentLocation, device, listOk, renderDevicePage } from '../test-utils';

// Each test opens the whole device page; on a busy two-core machine that can take seconds.
configure({ asyncUtilTimeout: 5000 });

const admin = roleUser('admin');
const PAGE = '/devices/42/alerts';
const ALERTS = 'GET /api/alerts';

afterEach(() => disconnectRealtime());

function alert(overrides: Partial<DeviceAlert> = {}): DeviceAlert {
  return {
    id: 1,
    company_id: 3,
    device_id: 42,
    message: 'Depot router: Weak signal — signal -118 dBm',
    alert_type: null,
    alert_subtype: null,
    alert_type_id: null,
    alert_subtype_id: null,
    created_at: '2026-11-29 10:15:00',
    source: 'automation',
    kind: 'fired',
    automation_id: 12,
    automation_name: 'Weak signal',
    alerts_configs_id: null,
    evaluated_parameters: [{ key: 'signal', value: -118 }],
    reason: null,
    ...overrides,
  };
}

const deviceAlert = alert({
  id: 2,
  source: 'device',
  kind: 'event',
  automation_id: null,
  automation_name: null,
  alerts_configs_id: 7,
  alert_type: 'Status change',
  alert_subtype: 'Signal strength dropped below -75 dBm',
  alert_type_id: 3,
  alert_subtype_id: 9,
  message: 'Router name - Depot router; Event text - Signal strength dropped below -75 dBm',
});

const table = async () => within(await screen.findByRole('table', { name: 'Alert history' }));
const rowOf = (scope: Awaited<ReturnType<typeof table>>, text: string) =>
  within(scope.getByText(text).closest('tr') as HTMLElement);

describe('Alerts tab', { timeout: 30_000 }, () => {
  it('lists the device’s alerts of both sources with their event, rule and values', async () => {
    const view = renderDevicePage(PAGE, admin, device(), {
      [ALERTS]: () =>
        listOk([
          alert({
            id: 4,
            kind: 'renotify',
            automation_id: 99,
            automation_name: null,
            message: 'Depot router: Hot — temperature 80',
            evaluated_parameters: [{ key: 'temperature', value: 80 }],
          }),
          alert({ id: 3, kind: 'resolved', message: 'Resolved: Depot router: Weak signal' }),
          deviceAlert,
          alert(),
        ]),
    });
    const rows = await table();
    expect(await rows.findByText('Depot router: Weak signal — signal -118 dBm')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Alerts' })).toHaveAttribute('aria-selected', 'true');

    const fired = rowOf(rows, 'Depot router: Weak signal — signal -118 dBm');
    expect(fired.getByText('Automation')).toBeVisible();
    expect(fired.getByText('Fired')).toBeVisible();
    expect(fired.getByText('signal: -118 dBm')).toBeVisible();
    expect(fired.getByText(formatDateTime('2026-11-29 10:15:00'))).toBeVisible();
    expect(fired.getByRole('link', { name: 'Weak signal' })).toHaveAttribute(
      'href',
      '/management/automations/12',
    );

    const event = rowOf(rows, deviceAlert.message);
    expect(event.getByText('Device')).toBeVisible();
    expect(event.getByText('Event')).toBeVisible();
    expect(event.getByText('Signal strength dropped below -75 dBm')).toBeVisible();
    expect(event.queryByRole('link')).toBeNull();

    expect(rowOf(rows, 'Resolved: Depot router: Weak signal').getByText('Resolved')).toBeVisible();
    // Another company's rule: named by its id, no link to a page the user cannot open.
    const renotified = rowOf(rows, 'Depot router: Hot — temperature 80');
    expect(renotified.getByText('Renotified')).toBeVisible();
    expect(renotified.getByText('Automation #99')).toBeVisible();
    expect(renotified.queryByRole('link')).toBeNull();

    const [url] = view.calls(ALERTS)[0] ?? [];
    expect(new URL(String(url), 'http://x').searchParams.get('device_id')).toBe('42');
  });

  it('pages through the history on the server', async () => {
    const view = renderDevicePage(PAGE, admin, device(), {
      [ALERTS]: (_init, url) => {
        const offset = Number(new URL(url, 'http://x').searchParams.get('offset') ?? 0);
        const message = offset === 0 ? 'Newest alert' : 'Older alert';
        return jsonResponse(200, {
          success: true,
          data: [alert({ id: offset + 1, message })],
          meta: { total: 30 },
        });
      },
    });
    const rows = await table();
    expect(await rows.findByText('Newest alert')).toBeVisible();
    await view.user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await rows.findByText('Older alert')).toBeVisible();
    const [url] = view.calls(ALERTS).at(-1) ?? [];
    const query = new URL(String(url), 'http://x').searchParams;
    expect([query.get('device_id'), query.get('limit'), query.get('offset')]).toEqual([
      '42',
      '25',
      '25',
    ]);
  });

  it('shows a loading state, then says when the device has no alerts yet', async () => {
    let answer: ((response: Response) => void) | undefined;
    renderDevicePage(PAGE, admin, device(), {
      [ALERTS]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await table();
    expect(screen.getAllByTestId('data-table-skeleton').length).toBeGreaterThan(0);
    answer?.(listOk([]));
    expect(await screen.findByText('No alerts for this device yet')).toBeVisible();
    expect(screen.queryByTestId('data-table-skeleton')).toBeNull();
  });

  it('shows why the history failed to load', async () => {
    renderDevicePage(PAGE, admin, device(), {
      [ALERTS]: () => errorResponse(500, 'INTERNAL_ERROR', 'The alert history is unavailable'),
    });
    const rows = await table();
    expect(await rows.findByRole('alert')).toHaveTextContent('The alert history is unavailable');
  });

  it('reloads when a device alert notification arrives', async () => {
    let alerts = [alert()];
    const view = renderDevicePage(PAGE, admin, device(), { [ALERTS]: () => listOk(alerts) });
    const rows = await table();
    expect(await rows.findByText('signal: -118 dBm')).toBeVisible();
    await waitFor(() => expect(view.socket.subscribes(userChannel(admin.id))).toHaveLength(1));

    alerts = [alert({ id: 5, evaluated_parameters: [{ key: 'signal', value: -121 }] }), ...alerts];
    view.socket.serverEmit('WebNotificationCreated', {
      channel: userChannel(admin.id),
      notification: {
        id: 9,
        created_at: '2026-11-29T10:16:00Z',
        seen_at: null,
        summary: 'Depot router: Weak signal — signal -121 dBm',
        type: 'deviceAlert',
      },
    });
    expect(await rows.findByText('signal: -121 dBm')).toBeVisible();
  });

  it('is not offered without permission to view alerts', async () => {
    const permissions = admin.permissions.filter(
      (permission) => permission !== 'view_device_alert_configurations',
    );
    renderDevicePage(PAGE, roleUser('admin', { permissions }), device(), {
      'GET /api/devices/actions/logs': () => listOk([]),
    });
    await waitFor(() => expect(currentLocation()).toBe('/devices/42/activity/device-logs'));
    expect(screen.queryByRole('tab', { name: 'Alerts' })).toBeNull();
  });
});

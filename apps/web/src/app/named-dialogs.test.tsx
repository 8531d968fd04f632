import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERMISSION_CATALOGUE, type RolePermission } from '@netfleet/contracts';
import { dialogs, openNamedDialog } from '@/components/dialogs';
import { roleUser } from '@/test/fixtures';
import { ok, type MockHandler } from '@/test/mock-api';
import { fakePages, renderApp } from '@/test/render-app';

// jsdom draws no canvas: the chart dialog's lazy uPlot chart is a plain figure here.
vi.mock('@/components/charts/lazy-time-chart', () => ({
  TimeChart: ({ title }: { title: string }) => <figure aria-label={title} />,
}));

const pages = fakePages(['devices.list']);

afterEach(() => {
  act(() => dialogs.closeAll());
});

/** The signed-in app: the authenticated layout registers the named dialogs. */
async function renderSignedIn(api: Record<string, MockHandler> = {}) {
  const view = renderApp({ user: roleUser('admin'), pages, path: '/management/devices', api });
  await screen.findByRole('heading', { name: 'page:devices.list' });
  return view;
}

const permission = (name: 'view_devices' | 'view_reports', enabled: boolean): RolePermission => ({
  id: null,
  name,
  title: PERMISSION_CATALOGUE[name],
  description: PERMISSION_CATALOGUE[name],
  created_at: null,
  category: name === 'view_devices' ? 'Devices and monitoring' : 'Reports',
  enabled,
});

describe('named dialogs (spec §2)', () => {
  it('opens a form dialog and a dialog of a feature not loaded yet by their spec names', async () => {
    await renderSignedIn();
    await act(() => openNamedDialog('company.new'));
    // The form definitions and the dialog host load on first use.
    expect(await screen.findByRole('dialog', { name: 'New company' })).toBeInTheDocument();
    await act(() => openNamedDialog('roles.new'));
    // One main dialog: the role editor replaced the company form.
    expect(await screen.findByRole('dialog', { name: 'New role' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'New company' })).not.toBeInTheDocument();
  });

  it("opens the text and JSON viewers by their spec names ('text', 'json-viewer')", async () => {
    await renderSignedIn();
    await act(() => openNamedDialog('json-viewer', { title: 'Result', value: { ok: true } }));
    const json = await screen.findByRole('dialog', { name: 'Result' });
    expect(within(json).getByRole('document')).toHaveTextContent('"ok": true');
    await act(() => openNamedDialog('text', { title: 'Output', text: 'done' }));
    const text = await screen.findByRole('dialog', { name: 'Output' });
    expect(within(text).getByRole('document').textContent).toBe('done');
  });

  it("opens the user's role permission table from the account menu by name", async () => {
    const { calls } = await renderSignedIn({
      'GET /api/roles/2/permissions': () =>
        ok([permission('view_devices', true), permission('view_reports', false)]),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Administrator' }));
    const dialog = await screen.findByRole('dialog', { name: /Administrator/ });
    expect(await within(dialog).findByText('view_devices')).toBeInTheDocument();
    expect(within(dialog).queryByText('view_reports')).not.toBeInTheDocument();
    expect(calls('GET /api/roles/2/permissions')).toHaveLength(1);
  });

  it("opens a device hotspot's users by name, for pages of other features", async () => {
    const { calls } = await renderSignedIn({
      'GET /api/devices/11/hotspots/0/users': () => ok([{ username: 'guest' }]),
      'GET /api/devices/11/hotspots/0/users/active': () => ok([]),
    });
    await act(() =>
      openNamedDialog('hotspot.users', {
        device_id: 11,
        index: 0,
        ssid: 'Guest',
        device_name: 'Depot router',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Hotspot users' });
    expect(await within(dialog).findByText('guest')).toBeInTheDocument();
    expect(calls('GET /api/devices/11/hotspots/0/users')).toHaveLength(1);
  });

  it("opens the device actions' web UI and CLI and remote access info by name", async () => {
    await renderSignedIn({
      'GET /api/devices/remote-access': () =>
        ok([{ id: 5, name: 'Router web UI', device_id: 42, device_name: 'Depot router' }]),
      'GET /api/devices/connect/5/sessions': () => ok([]),
    });
    await act(() => openNamedDialog('device-actions.web-ui', { id: 42, name: 'Depot router' }));
    const webUi = await screen.findByRole('dialog', { name: 'Web UI' });
    expect(within(webUi).getByText('Depot router')).toBeInTheDocument();
    await act(() => openNamedDialog('device-actions.cli', { id: 42, name: 'Depot router' }));
    const cli = await screen.findByRole('dialog', { name: 'CLI' });
    expect(within(cli).getByRole('radio', { name: 'SSH' })).toBeChecked();
    await act(() => openNamedDialog('remote-access.info', { id: 5 }));
    const info = await screen.findByRole('dialog', { name: 'Remote access info' });
    expect(await within(info).findByText('No active sessions')).toBeInTheDocument();
  });

  it("opens the devices list's password manager by name for the devices chosen", async () => {
    await renderSignedIn({ 'GET /api/devices/passwords/generated/tasks': () => ok([]) });
    await act(() =>
      openNamedDialog('device-actions.password-manager', {
        devices: [
          { id: 11, name: 'Gate router' },
          { id: 12, name: 'Pump station' },
        ],
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: /^Password manager/ });
    expect(within(dialog).getByText('2 devices')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Generate passwords' })).toBeInTheDocument();
  });

  it("opens multi-configuration by name with the devices list's selection already picked", async () => {
    const template = {
      id: 5,
      company_id: 1,
      company_name: 'Netfleet',
      name: 'Office LAN',
      version: '1.0.0',
      template: JSON.stringify([
        {
          path: '/system/system',
          method: 'put',
          content_type: 'application/json',
          request_data: { hostname: 'edge' },
        },
      ]),
      device_model: 'RUTX',
      firmware: null,
      min_firmware: null,
      max_firmware: null,
      created_at: '2026-11-29 09:00:00',
      updated_at: '2026-11-29 09:00:00',
    };
    const device = (id: number, name: string, model: string) => ({
      id,
      name,
      serial: `11000000${id}`,
      model,
      firmware: `${model.slice(0, 4)}_R_00.07.06.1`,
    });
    await renderSignedIn({
      'GET /api/devices/configurator/templates': () => ok([template]),
      'GET /api/devices': () =>
        ok([device(11, 'Gate router', 'RUTX11'), device(12, 'Pump station', 'RUT955')]),
    });
    await act(() =>
      openNamedDialog('multi-configuration', {
        devices: [
          { id: 11, name: 'Gate router' },
          { id: 12, name: 'Pump station' },
        ],
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: /^Multi-configuration/ });
    expect(within(dialog).getByText('2 devices chosen')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Configuration template' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Office LAN 1.0.0' }));
    // Both chosen devices are picked; the one outside the template's model is named.
    expect(
      await within(dialog).findByText('Pump station: The template is for RUTX, not RUT955'),
    ).toBeInTheDocument();
  });

  it("opens a device's alerts by name, and the same dialog on its add form as 'alerts.create'", async () => {
    await renderSignedIn({ 'GET /api/alerts-configurations': () => ok([]) });
    const devices = [{ id: 11, name: 'Gate router' }];
    await act(() => openNamedDialog('alerts.device-alerts', { devices }));
    const alerts = await screen.findByRole('dialog', { name: /^Device alerts/ });
    expect(
      await within(alerts).findByText('No alerts configured on this device'),
    ).toBeInTheDocument();
    await act(() => openNamedDialog('alerts.create', { devices }));
    const create = await screen.findByRole('dialog', { name: /^Create alert/ });
    expect(within(create).getByRole('form', { name: 'New alert' })).toBeInTheDocument();
  });

  it("opens the 'Wi-Fi QR code', 'chart' and 'eSIM configuration' dialogs by name", async () => {
    await renderSignedIn({ 'GET /api/devices/42/information-history': () => ok([]) });
    await act(() =>
      openNamedDialog('wifi.qr-code', { ssid: 'Depot Wi-Fi', device_name: 'Depot router' }),
    );
    const qr = await screen.findByRole('dialog', { name: 'Wi-Fi QR code' });
    expect(within(qr).getByText('Depot Wi-Fi on Depot router')).toBeInTheDocument();
    await act(() =>
      openNamedDialog('chart', {
        title: 'Signal strength',
        data: { timestamps: [1, 2], series: [{ label: 'SIM 1', values: [-70, -71] }] },
      }),
    );
    const chart = await screen.findByRole('dialog', { name: 'Signal strength' });
    expect(within(chart).getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    await act(() => openNamedDialog('esim.configuration', { id: 42, name: 'Depot router' }));
    const esim = await screen.findByRole('dialog', { name: 'eSIM configuration' });
    expect(
      await within(esim).findByText('The device has not reported its eSIM profiles yet.'),
    ).toBeInTheDocument();
  });

  it('refuses a name nothing registered, saying which', async () => {
    await renderSignedIn();
    await expect(openNamedDialog('company.move-devices')).rejects.toThrow(
      "No dialog registered as 'company.move-devices'",
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

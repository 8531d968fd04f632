import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roleUser } from '@/test/fixtures';
import { ok } from '@/test/mock-api';
import {
  actionStatusOpened,
  ADD,
  channelAnswer,
  CONFIGS,
  configDetail,
  configItem,
  DEVICE,
  lastBody,
  listOk,
  openDeviceAlerts,
  unprocessable,
} from '../test-utils';

configure({ asyncUtilTimeout: 5000 });

const admin = roleUser('admin', { company_id: 3, email: 'ada@example.com' });
const REMOVE = 'DELETE /api/devices/11/alerts-configurations/32';
const UPDATE = 'PUT /api/alerts-configurations/31';

const signal = configItem({
  id: 32,
  receiver: null,
  message: 'Weak signal',
  enable: false,
  type: 'Status change',
  subtype: 'Signal strength dropped below -95 dBm',
  alert_type_id: 3,
  alert_subtype_id: 8,
});

describe('DeviceAlertsDialog', { timeout: 30_000 }, () => {
  it("lists the device's alerts in words: event, action and whether it is on", async () => {
    const { view, alerts } = await openDeviceAlerts(admin, {
      [CONFIGS]: () => listOk([configItem(), signal]),
    });
    const table = within(await alerts.findByRole('table', { name: 'Alert configurations' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [reboot, weak] = rows.map((row) => within(row));
    expect(reboot?.getByText('Device event: Device rebooted')).toBeInTheDocument();
    expect(reboot?.getByText('E-mail to ops@example.com and in-app')).toBeInTheDocument();
    expect(reboot?.getByText('On')).toBeInTheDocument();
    expect(
      weak?.getByText('Status change: Signal strength dropped below -95 dBm'),
    ).toBeInTheDocument();
    expect(weak?.getByText('In-app')).toBeInTheDocument();
    expect(weak?.getByText('Off')).toBeInTheDocument();

    const [url] = view.calls(CONFIGS)[0] ?? [];
    const asked = new URL(String(url), 'http://localhost').searchParams;
    expect(Object.fromEntries(asked)).toEqual({ device_id: '11', limit: '50' });
  });

  it('says so when the device has none, and offers no changes without manage permission', async () => {
    const { alerts } = await openDeviceAlerts(roleUser('read_only'), {
      [CONFIGS]: () => listOk([]),
    });
    expect(await alerts.findByText('No alerts configured on this device')).toBeInTheDocument();
    expect(alerts.queryByRole('button', { name: 'Add alert' })).toBeNull();
  });

  it('shows the server refusal of the e-mail address under that field', async () => {
    const { view, alerts } = await openDeviceAlerts(admin, {
      [CONFIGS]: () => listOk([]),
      [ADD]: () =>
        unprocessable([{ message: 'Address is on the suppression list', source: 'data.0.email' }]),
    });
    await view.user.click(await alerts.findByRole('button', { name: 'Add alert' }));
    const form = within(await screen.findByRole('form', { name: 'New alert' }));

    // Nothing chosen yet: the contracts' schema asks for the type before anything is sent.
    await view.user.click(form.getByRole('button', { name: 'Add alert' }));
    const type = form.getByLabelText(/^Alert type/, { selector: 'input' });
    await waitFor(() => expect(type).toHaveAccessibleDescription('This field is required'));
    expect(view.calls(ADD)).toHaveLength(0);

    await view.user.click(type);
    await view.user.click(await screen.findByRole('option', { name: 'Device event' }));
    // The type's first event is chosen with it.
    expect(form.getByLabelText(/^Event/, { selector: 'input' })).toHaveValue('Device rebooted');
    await view.user.type(form.getByLabelText(/^Message/), 'Router %rn rebooted');
    await view.user.click(form.getByRole('button', { name: 'Add alert' }));

    const email = form.getByLabelText(/^E-mail address/);
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('Address is on the suppression list'),
    );
    expect(lastBody(view.calls, ADD)).toEqual({
      data: [
        {
          device_id: 11,
          alert_type_id: 1,
          alert_subtype_id: 1,
          action: 1,
          email: 'ada@example.com',
          smtp_config_id: null,
          subject: null,
          delivery_retry: false,
          message: 'Router %rn rebooted',
          redundancy_interval: 0,
        },
      ],
    });
    // Still on the form, nothing opened: the user corrects the address.
    expect(actionStatusOpened).not.toHaveBeenCalled();
  });

  it('removes an alert only once the prompt naming it is confirmed', async () => {
    const { view, alerts } = await openDeviceAlerts(admin, {
      [CONFIGS]: () => listOk([configItem(), signal]),
      [REMOVE]: () => channelAnswer(),
    });
    const name = 'Status change: Signal strength dropped below -95 dBm';
    const remove = await alerts.findByRole('button', { name: `Remove ${name}` });

    await view.user.click(remove);
    let confirm = within(await screen.findByRole('dialog', { name: 'Remove alert' }));
    expect(
      confirm.getByText(
        `Remove the alert "${name}" from Gate router? The device gets its alert set without it.`,
      ),
    ).toBeInTheDocument();
    await view.user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove alert' })).toBeNull());
    expect(view.calls(REMOVE)).toHaveLength(0);

    await view.user.click(remove);
    confirm = within(await screen.findByRole('dialog', { name: 'Remove alert' }));
    await view.user.click(confirm.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(view.calls(REMOVE)).toHaveLength(1));
    expect(actionStatusOpened).toHaveBeenCalledWith('alerts-7', {
      title: 'Alerts sent to Gate router',
      itemLabels: { '11': 'Gate router' },
    });
    expect(await screen.findByText('Alert configuration removed successfully')).toBeVisible();
    // The list is read again without it.
    await waitFor(() => expect(view.calls(CONFIGS)).toHaveLength(2));
  });

  it('edits an alert: enabled, texts and repeats go in one PUT, then the list shows again', async () => {
    const { view, alerts } = await openDeviceAlerts(admin, {
      [CONFIGS]: () => listOk([configItem()]),
      'GET /api/alerts-configurations/31': () => ok(configDetail()),
      [UPDATE]: () => channelAnswer(),
    });
    const name = 'Device event: Device rebooted';
    await view.user.click(await alerts.findByRole('button', { name: `Edit ${name}` }));
    const form = within(await screen.findByRole('form', { name: `Edit alert: ${name}` }));
    expect(await form.findByLabelText(/^E-mail subject/)).toHaveValue('Reboot');
    await view.user.click(form.getByRole('switch', { name: /^Enabled/ }));
    await view.user.click(form.getByRole('switch', { name: /^Skip repeats/ }));
    const interval = form.getByLabelText(/^Interval/);
    await view.user.clear(interval);
    await view.user.type(interval, '30');
    await view.user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(view.calls(UPDATE)).toHaveLength(1));
    expect(lastBody(view.calls, UPDATE)).toEqual({
      subject: 'Reboot',
      message: 'Router %rn rebooted at %ts',
      enable: false,
      redundancy_enable: true,
      redundancy_interval: 30,
      smtp_config_id: null,
    });
    expect(actionStatusOpened).toHaveBeenCalledWith('alerts-7', {
      title: 'Alerts sent to Gate router',
      itemLabels: { '11': 'Gate router' },
    });
    expect(await alerts.findByRole('table', { name: 'Alert configurations' })).toBeVisible();
  });

  it('adds one alert to each selected device and names a device the server refused', async () => {
    const devices = [DEVICE, { id: 12, name: 'Pump station' }];
    const { view, alerts } = await openDeviceAlerts(
      admin,
      {
        [CONFIGS]: (_init, url) => listOk(url.includes('device_id=12') ? [] : [configItem()]),
        [ADD]: () =>
          unprocessable([
            {
              message: 'The device has the most alert configurations it can keep',
              source: 'data.1.device_id',
            },
          ]),
      },
      devices,
    );
    expect(await alerts.findByText('Device event: Device rebooted')).toBeInTheDocument();
    // The picker shows one device's list at a time.
    await view.user.click(alerts.getByRole('combobox', { name: 'Device' }));
    await view.user.click(await screen.findByRole('option', { name: 'Pump station' }));
    expect(await alerts.findByText('No alerts configured on this device')).toBeInTheDocument();

    await view.user.click(alerts.getByRole('button', { name: 'Add alert' }));
    const form = within(await screen.findByRole('form', { name: 'New alert' }));
    expect(form.getByText('The alert is added to each of the 2 selected devices.')).toBeVisible();
    await view.user.click(form.getByLabelText(/^Alert type/, { selector: 'input' }));
    await view.user.click(await screen.findByRole('option', { name: 'Device event' }));
    await view.user.click(form.getByLabelText(/^Notify by/, { selector: 'input' }));
    await view.user.click(await screen.findByRole('option', { name: 'In-app only' }));
    await view.user.type(form.getByLabelText(/^Message/), 'Rebooted');
    await view.user.click(form.getByRole('button', { name: 'Add alert' }));

    expect(
      await form.findByText(
        'Pump station: The device has the most alert configurations it can keep',
      ),
    ).toBeVisible();
    const item = { alert_type_id: 1, alert_subtype_id: 1, action: 3, message: 'Rebooted' };
    expect(lastBody(view.calls, ADD)).toEqual({
      data: [
        { device_id: 11, ...item, redundancy_interval: 0 },
        { device_id: 12, ...item, redundancy_interval: 0 },
      ],
    });
  });
});

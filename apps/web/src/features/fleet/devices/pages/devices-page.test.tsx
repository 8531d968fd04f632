import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deviceChannel } from '@netfleet/contracts';
import { jsonResponse } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { actionStatusOpened, device, dialog, lastBody, listOk, renderDevices } from '../test-utils';

const admin = roleUser('admin', { company_id: 3 });
const rows = [device(), device({ id: 12, name: 'Pump station', status: 0, signal: -95 })];

const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

// The page loads lazily-shaped data through several queries; a busy CI machine needs the slack.
const WAIT = { timeout: 5000 };
const table = async () => {
  await screen.findByRole('link', { name: 'Gate router' }, WAIT);
  return screen.getByRole('table', { name: 'Devices' });
};
const rowOf = async (name: string) =>
  within((await screen.findByRole('link', { name }, WAIT)).closest('tr') as HTMLElement);

describe('DevicesPage', { timeout: 30_000 }, () => {
  it('lists devices with formatted cells and asks only for the shown fields', async () => {
    const view = renderDevices(admin, { 'GET /api/devices': () => listOk(rows) });
    const gate = await rowOf('Gate router');
    expect(gate.getByRole('link', { name: 'Gate router' })).toHaveAttribute('href', '/devices/11');
    expect(gate.getByText('Online')).toBeInTheDocument();
    expect(gate.getByText('-67 dBm')).toBeInTheDocument();
    expect(gate.getByText('North')).toBeInTheDocument();
    expect(gate.getByText('2026-02-03 10:00:00')).toBeInTheDocument();
    const query = queryOf(view.calls('GET /api/devices').at(-1)?.[0]);
    expect(query).toMatchObject({ limit: '25', offset: '0', sort: 'name' });
    expect(query.fields?.split(',')).toEqual(
      expect.arrayContaining(['id', 'name', 'status', 'signal', 'company_id', 'tags']),
    );
    // Hidden by default: not fetched.
    expect(query.fields?.split(',')).not.toContain('temperature');
  });

  it('sends the status and signal filters to the server, kept in the URL', async () => {
    const view = renderDevices(admin, { 'GET /api/devices': () => listOk(rows) });
    await table();
    await view.user.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await view.user.click(await screen.findByRole('option', { name: 'Offline' }));
    await waitFor(() =>
      expect(queryOf(view.calls('GET /api/devices').at(-1)?.[0])).toMatchObject({
        status: 'offline',
      }),
    );
    await view.user.click(screen.getByRole('combobox', { name: 'Filter by signal' }));
    await view.user.click(await screen.findByRole('option', { name: /^Poor/ }));
    await waitFor(() =>
      expect(queryOf(view.calls('GET /api/devices').at(-1)?.[0])).toMatchObject({
        status: 'offline',
        signal: '..-101',
      }),
    );
  });

  it('offers the fleet model values as a filter, read when a picker first opens', async () => {
    const view = renderDevices(admin, { 'GET /api/devices': () => listOk(rows) });
    await table();
    expect(view.calls('GET /api/devices/statistics')).toHaveLength(0);
    await view.user.click(screen.getByRole('combobox', { name: 'Filter by model' }));
    await view.user.click(await screen.findByRole('option', { name: 'RUT950 (2)' }));
    await waitFor(() =>
      expect(queryOf(view.calls('GET /api/devices').at(-1)?.[0])).toMatchObject({
        model: 'RUT950',
      }),
    );
  });

  it("names a linked company filter beyond the picker's first page", async () => {
    const view = renderDevices(
      admin,
      {
        'GET /api/devices': () => listOk(rows),
        'GET /api/companies': (_init, url) =>
          queryOf(url).id === '44'
            ? listOk([{ id: 44, name: 'Far Subsidiary' }])
            : listOk([{ id: 3, name: 'Acme' }]),
      },
      '/management/devices?company_id=44',
    );
    await table();
    expect(queryOf(view.calls('GET /api/devices').at(-1)?.[0])).toMatchObject({ company_id: '44' });
    const filter = screen.getByRole('combobox', { name: 'Filter by company' });
    await waitFor(() => expect(filter).toHaveValue('Far Subsidiary'));
  });

  it('reboots the ticked devices after a confirm and follows the job in Action status', async () => {
    const view = renderDevices(admin, {
      'GET /api/devices': () => listOk(rows),
      'POST /api/devices/actions': () =>
        jsonResponse(200, { success: true, meta: { channel: 'status-7' } }),
    });
    await table();
    await view.user.click(screen.getByRole('checkbox', { name: 'Select row 11' }));
    await view.user.click(screen.getByRole('checkbox', { name: 'Select row 12' }));
    await view.user.click(screen.getByRole('button', { name: 'Reboot' }));
    const confirm = await dialog('Reboot devices');
    expect(confirm.getByText('Reboot 2 devices?')).toBeInTheDocument();
    await view.user.click(confirm.getByRole('button', { name: 'Reboot' }));
    await waitFor(() => expect(view.calls('POST /api/devices/actions')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/devices/actions')).toEqual({
      action: 'reboot',
      device_id: [11, 12],
    });
    expect(actionStatusOpened).toHaveBeenCalledWith('status-7', {
      title: 'Reboot',
      itemLabels: { '11': 'Gate router', '12': 'Pump station' },
    });
  });

  it("reboots one device from its row's menu", async () => {
    const view = renderDevices(admin, {
      'GET /api/devices': () => listOk(rows),
      'POST /api/devices/actions': () =>
        jsonResponse(200, { success: true, meta: { channel: 'status-8' } }),
    });
    await table();
    await view.user.click(screen.getByRole('button', { name: 'Actions for Pump station' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Reboot' }));
    const confirm = await dialog('Reboot devices');
    expect(confirm.getByText('Reboot 1 device?')).toBeInTheDocument();
    await view.user.click(confirm.getByRole('button', { name: 'Reboot' }));
    await waitFor(() => expect(view.calls('POST /api/devices/actions')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/devices/actions')).toEqual({
      action: 'reboot',
      device_id: [12],
    });
  });

  it('lists the devices a partial delete left, by name', async () => {
    const view = renderDevices(admin, {
      'GET /api/devices': () => listOk(rows),
      'DELETE /api/devices': () =>
        jsonResponse(207, {
          success: true,
          data: [11],
          errors: [{ code: 'NOT_FOUND', message: 'Device not found', source: '12' }],
          meta: { total: 1 },
        }),
    });
    await table();
    await view.user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await view.user.click(screen.getByRole('button', { name: 'Delete' }));
    await view.user.click((await dialog('Delete devices')).getByRole('button', { name: 'Delete' }));
    const result = await dialog('Some devices were not changed');
    expect(result.getByText('1 of 2 devices done.')).toBeInTheDocument();
    expect(result.getByText('Pump station: Device not found')).toBeInTheDocument();
    expect(lastBody(view.calls, 'DELETE /api/devices')).toEqual({ device_id: [11, 12] });
  });

  it('offers no bulk action, row menu or add button to a read-only user', async () => {
    renderDevices(roleUser('read_only', { company_id: 3 }), {
      'GET /api/devices': () => listOk(rows),
    });
    await table();
    expect(screen.queryByRole('checkbox', { name: 'Select row 11' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add device' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });

  it('adds a device and shows its claim secret once', async () => {
    const view = renderDevices(admin, {
      'GET /api/devices': () => listOk(rows),
      'POST /api/devices': () =>
        jsonResponse(201, {
          success: true,
          data: [
            {
              id: 20,
              name: 'New one',
              serial: '1234567890',
              mac: '00:1E:42:AB:CD:EF',
              imei: null,
              company_id: 3,
              claim_secret: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
            },
          ],
          meta: { total: 1, channel: 'c' },
        }),
    });
    await table();
    await view.user.click(screen.getByRole('button', { name: 'Add device' }));
    let form = await dialog('Add device');
    await view.user.type(form.getByRole('textbox', { name: /^Serial number/ }), '1234567890');
    await view.user.click(form.getByRole('button', { name: 'Add' }));
    expect(await form.findByText('MAC address is required for this device series')).toBeVisible();
    expect(view.calls('POST /api/devices')).toHaveLength(0);

    await view.user.type(form.getByRole('textbox', { name: /^MAC address/ }), '00:1e:42:ab:cd:ef');
    await view.user.type(form.getByRole('textbox', { name: /^Name/ }), 'New one');
    await view.user.click(form.getByRole('button', { name: 'Add' }));
    form = await dialog('Add device');
    expect(await form.findByText('ABCDEFGHJKLMNPQRSTUVWXYZ')).toBeInTheDocument();
    expect(form.getByText(/You will not see it again/)).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(lastBody(view.calls, 'POST /api/devices')).toEqual({
      company_id: 3,
      device_series: 'rut',
      serial: '1234567890',
      mac: '00:1E:42:AB:CD:EF',
      name: 'New one',
    });
    await view.user.click(form.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('ABCDEFGHJKLMNPQRSTUVWXYZ')).toBeNull());
  });

  it('masks the MAC address and the IMEI as they are typed (spec §5 masks)', async () => {
    const view = renderDevices(admin, { 'GET /api/devices': () => listOk(rows) });
    await table();
    await view.user.click(screen.getByRole('button', { name: 'Add device' }));
    const form = await dialog('Add device');
    // F: hex digits only, upper-cased, the colons put in.
    const mac = form.getByRole('textbox', { name: /^MAC address/ });
    await view.user.type(mac, '001e42-ab:cdefgg99');
    expect(mac).toHaveValue('00:1E:42:AB:CD:EF');

    // #: the IMEI of a TRB keeps its digits, at most 15.
    await view.user.click(form.getByRole('combobox', { name: /^Series/ }));
    await view.user.click(await screen.findByRole('option', { name: 'TRB' }));
    const imei = form.getByRole('textbox', { name: /^IMEI/ });
    await view.user.type(imei, '35-209900-176148-1x234');
    expect(imei).toHaveValue('352099001761481');
  });

  it('puts a server error on the field it names', async () => {
    const view = renderDevices(admin, {
      'GET /api/devices': () => listOk(rows),
      'POST /api/devices': () =>
        jsonResponse(409, {
          success: false,
          errors: [
            {
              code: 'CONFLICT',
              message: 'A device with this serial number already exists in this company',
              source: 'data.serial',
            },
          ],
        }),
    });
    await table();
    await view.user.click(screen.getByRole('button', { name: 'Add device' }));
    const form = await dialog('Add device');
    await view.user.type(form.getByRole('textbox', { name: /^Serial number/ }), '1234567890');
    await view.user.type(form.getByRole('textbox', { name: /^MAC address/ }), '00:1E:42:AB:CD:EF');
    await view.user.click(form.getByRole('button', { name: 'Add' }));
    const serial = form.getByRole('textbox', { name: /^Serial number/ });
    await waitFor(() => expect(serial).toHaveAttribute('aria-invalid', 'true'));
    expect(
      form.getByText('A device with this serial number already exists in this company'),
    ).toBeInTheDocument();
  });

  it('refuses a file that is not a CSV and shows the result of every imported row', async () => {
    const view = renderDevices(admin, {
      'GET /api/devices': () => listOk(rows),
      'POST /api/devices/import': () =>
        jsonResponse(207, {
          success: true,
          data: [
            {
              row: 2,
              ok: true,
              serial: '1100000099',
              id: 99,
              claim_secret: 'SECRETSECRETSECRETSECRET',
            },
            {
              row: 3,
              ok: false,
              serial: 'bad',
              error: {
                code: 'VALIDATION_ERROR',
                message: 'Serial number must be 6 to 32 letters or digits',
                source: 'data.1.serial',
              },
            },
          ],
          errors: [],
          meta: { total: 2, channel: 'c' },
        }),
    });
    await table();
    await view.user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const form = await dialog('Import CSV');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('No file input');
    // The picker's accept filter would drop it: a drop or 'All files' choice still can.
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'devices.txt', { type: 'text/plain' })] },
    });
    expect(await form.findByText('Not a CSV file selected')).toBeInTheDocument();
    await view.user.click(form.getByRole('button', { name: 'Import' }));
    expect(await form.findByText('Not a CSV file selected')).toBeInTheDocument();
    expect(view.calls('POST /api/devices/import')).toHaveLength(0);
    const csv = 'serial,mac\n1100000099,00:1E:42:00:00:99\n';
    fireEvent.change(input, {
      target: { files: [new File([csv], 'devices.csv', { type: 'text/csv' })] },
    });
    await waitFor(() => expect(form.queryByText('Not a CSV file selected')).toBeNull());
    await view.user.click(form.getByRole('button', { name: 'Import' }));
    const results = within(await screen.findByRole('table', { name: 'Import results' }, WAIT));
    expect(results.getByText('Imported')).toBeInTheDocument();
    expect(results.getByText('SECRETSECRETSECRETSECRET')).toBeInTheDocument();
    expect(
      results.getByText('Serial number must be 6 to 32 letters or digits'),
    ).toBeInTheDocument();
    expect(screen.getByText('1 of 2 rows imported.')).toBeInTheDocument();
    const sent = view.calls('POST /api/devices/import').at(-1)?.[1]?.body as FormData;
    expect(sent.get('company_id')).toBe('3');
    expect(sent.get('device_series')).toBe('rut');
    expect((sent.get('file') as File).name).toBe('devices.csv');
  });

  it('patches a row from the device channel without fetching the list again', async () => {
    const view = renderDevices(admin, { 'GET /api/devices': () => listOk(rows) });
    const gate = await rowOf('Gate router');
    const channel = deviceChannel(3, 'tree');
    await waitFor(() => expect(view.socket.subscribes(channel)).toHaveLength(1));
    const fetches = view.calls('GET /api/devices').length;
    view.socket.serverEmit('DevicesChanged', {
      channel,
      devices: [{ id: 11, company_id: 3, status: 0, signal: -99 }],
    });
    expect(await gate.findByText('Offline')).toBeInTheDocument();
    expect(gate.getByText('-99 dBm')).toBeInTheDocument();
    expect(view.calls('GET /api/devices')).toHaveLength(fetches);
  });

  it('refetches when a change moves a row out of the status filter', async () => {
    const view = renderDevices(
      admin,
      { 'GET /api/devices': () => listOk([device()]) },
      '/management/devices?status=online',
    );
    await rowOf('Gate router');
    const channel = deviceChannel(3, 'tree');
    await waitFor(() => expect(view.socket.subscribes(channel)).toHaveLength(1));
    const fetches = view.calls('GET /api/devices').length;
    view.socket.serverEmit('DevicesChanged', {
      channel,
      devices: [{ id: 11, company_id: 3, status: 0 }],
    });
    await waitFor(() => expect(view.calls('GET /api/devices').length).toBe(fetches + 1));
  });

  it('listens to the own-company channel without access to child companies', async () => {
    const user = roleUser('end_user', { company_id: 4 });
    const view = renderDevices(user, { 'GET /api/devices': () => listOk(rows) });
    await table();
    await waitFor(() => expect(view.socket.subscribes(deviceChannel(4, 'own'))).toHaveLength(1));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { registerActionStatus } from '@/lib/action-status';
import { jsonResponse, type MockHandler } from '@/test/mock-api';
import {
  DEVICES,
  devicePick,
  dialog,
  FILES,
  firmwareFile,
  lastBody,
  listOk,
  queryOf,
  renderPage,
  SET,
  UPDATE_FIRMWARE_URL,
} from '../test-utils';
import { UpdateFirmwarePage } from './update-firmware-page';

const rutx = firmwareFile();
const anyModel = firmwareFile({
  id: 5,
  name: 'netfleet-agent-1.4.0.ipk',
  device_model: null,
  size: 512,
  created_at: '2026-11-03 09:00:00',
});
const global = firmwareFile({
  id: 6,
  type: 'global_firmware',
  name: 'RUT9_R_00.07.10.bin',
  company_name: 'Teltonika',
  device_model: 'RUT9',
});
const depot = devicePick();
const office = devicePick({ id: 43, name: 'Office router', model: 'RUT241', serial: '1100000043' });
const gateway = devicePick({ id: 44, name: 'Field gateway', model: null, serial: '1100000044' });

function renderFirmware(api: Record<string, MockHandler> = {}) {
  return renderPage(<UpdateFirmwarePage />, {
    url: UPDATE_FIRMWARE_URL,
    path: UPDATE_FIRMWARE_URL,
    api: {
      [FILES]: () => listOk([rutx, anyModel, global]),
      [DEVICES]: () => listOk([depot, office, gateway]),
      ...api,
    },
  });
}

type View = ReturnType<typeof renderFirmware>;
type Scope = Awaited<ReturnType<typeof dialog>>;

const rowOf = (table: HTMLElement, text: string) =>
  within(within(table).getByText(text).closest('tr') as HTMLElement);

async function firmwareTable() {
  const table = await screen.findByRole('table', { name: 'Firmware files' });
  await within(table).findByText(rutx.name);
  return table;
}

async function openUpdate(view: View) {
  await firmwareTable();
  await view.user.click(screen.getByRole('button', { name: `Actions for ${rutx.name}` }));
  await view.user.click(await screen.findByRole('menuitem', { name: 'Update devices' }));
  return dialog('Update devices');
}

async function pick(view: View, form: Scope, name: string) {
  await view.user.click(form.getByLabelText(/^Devices/, { selector: 'input' }));
  await view.user.click(await screen.findByRole('option', { name }));
}

async function confirmUpdate(view: View, form: Scope) {
  await view.user.click(form.getByRole('button', { name: 'Update' }));
  const prompt = await dialog('Update firmware');
  await view.user.click(prompt.getByRole('button', { name: 'Update' }));
}

describe('UpdateFirmwarePage: firmware files', { timeout: 30_000 }, () => {
  it('lists the firmware files, global firmware too, with the model they are for', async () => {
    const view = renderFirmware();
    expect(screen.getByRole('heading', { name: 'Update firmware' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Firmware files', selected: true })).toBeVisible();
    const table = await firmwareTable();
    const row = rowOf(table, rutx.name);
    expect(row.getByText('RUTX')).toBeInTheDocument();
    expect(row.getByText('25 MB')).toBeInTheDocument();
    expect(row.getByText('2026-11-02 08:30:00')).toBeInTheDocument();
    expect(rowOf(table, anyModel.name).getByText('Any model')).toBeInTheDocument();
    expect(rowOf(table, anyModel.name).getByText('0.5 KB')).toBeInTheDocument();
    expect(rowOf(table, global.name).getByText('Global')).toBeInTheDocument();
    expect(row.queryByText('Global')).toBeNull();
    expect(queryOf(view.calls(FILES)[0]?.[0])).toEqual({
      limit: '25',
      offset: '0',
      sort: '-created_at',
      type: 'firmware,global_firmware',
    });

    await view.user.type(screen.getByPlaceholderText('Search by name or description'), 'rutx');
    await waitFor(() =>
      expect(queryOf(view.calls(FILES).at(-1)?.[0])).toMatchObject({ q: 'rutx' }),
    );
  });

  it('shows that nothing matches', async () => {
    renderFirmware({ [FILES]: () => listOk([]) });
    expect(await screen.findByText('No firmware files found')).toBeInTheDocument();
  });
});

describe('UpdateFirmwarePage: update devices', { timeout: 30_000 }, () => {
  it('updates the picked devices after asking, and follows them in the action status', async () => {
    const opened = vi.fn();
    onTestFinished(registerActionStatus(opened));
    const view = renderFirmware({
      [SET]: () => jsonResponse(200, { success: true, meta: { channel: 'firmware-3' } }),
    });
    const form = await openUpdate(view);
    expect(form.getByText('For RUTX')).toBeInTheDocument();
    const keep = form.getByRole('checkbox', { name: 'Keep settings' });
    const offline = form.getByRole('checkbox', { name: 'Update when offline' });
    expect(keep).toBeChecked();
    expect(offline).toBeChecked();
    await pick(view, form, 'Depot router');
    await pick(view, form, 'Office router');
    await pick(view, form, 'Field gateway');
    // Warned, not refused: a model may be missing or named otherwise.
    expect(await form.findByText('This firmware may not be for these devices')).toBeInTheDocument();
    expect(
      form.getByText('Office router: the firmware is for RUTX, the device is a RUT241'),
    ).toBeInTheDocument();
    expect(
      form.getByText('Field gateway: the firmware is for RUTX, the device’s model is unknown'),
    ).toBeInTheDocument();
    expect(form.queryByText(/^Depot router:/)).toBeNull();
    await view.user.click(offline);

    await view.user.click(form.getByRole('button', { name: 'Update' }));
    const prompt = await dialog('Update firmware');
    expect(
      prompt.getByText(
        `Update 3 devices with ${rutx.name}? Their settings are kept. Offline devices are left out. 2 devices are of another model.`,
      ),
    ).toBeInTheDocument();
    await view.user.click(prompt.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(view.calls(SET)).toHaveLength(1));
    const item = { action: 'update_firmware', file_id: 4, offline: false, keep_settings: true };
    expect(lastBody(view.calls, SET)).toEqual({
      data: [
        { id: 42, ...item },
        { id: 43, ...item },
        { id: 44, ...item },
      ],
    });
    expect(await screen.findByText('Firmware update started')).toBeInTheDocument();
    expect(opened).toHaveBeenCalledWith('firmware-3', {
      title: 'Firmware update',
      itemLabels: { '42': 'Depot router', '43': 'Office router', '44': 'Field gateway' },
    });
  });

  it('names the devices a partial answer left out', async () => {
    const view = renderFirmware({
      [SET]: () =>
        jsonResponse(207, {
          success: true,
          meta: { channel: 'firmware-4' },
          errors: [
            {
              code: 'CONFLICT',
              message: 'The device already has a pending firmware update',
              source: '43',
            },
          ],
        }),
    });
    const form = await openUpdate(view);
    await pick(view, form, 'Depot router');
    await pick(view, form, 'Office router');
    await view.user.click(form.getByRole('checkbox', { name: 'Keep settings' }));
    await confirmUpdate(view, form);

    const outcome = await dialog('Some devices were not changed');
    expect(outcome.getByText('1 of 2 devices done.')).toBeInTheDocument();
    expect(
      outcome.getByText('Office router: The device already has a pending firmware update'),
    ).toBeInTheDocument();
    expect(lastBody(view.calls, SET)).toMatchObject({
      data: [{ keep_settings: false }, { keep_settings: false }],
    });
    expect(screen.queryByText('Firmware update started')).toBeNull();
  });

  it('closes on Escape without sending anything', async () => {
    const view = renderFirmware();
    await openUpdate(view);
    // The picker has the focus and its list open: the first Escape is the list's.
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Update devices' })).toBeInTheDocument();
    await view.user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Update devices' })).toBeNull(),
    );
    expect(view.calls(SET)).toHaveLength(0);
  });
});

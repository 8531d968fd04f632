import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { registerNamedDialogs } from '@/components/dialogs';
import { roleUser } from '@/test/fixtures';
import { jsonResponse } from '@/test/mock-api';
import { device, dialog, lastBody, listOk, renderDevices } from '../test-utils';

const admin = roleUser('admin', { company_id: 3 });
const rows = [device(), device({ id: 12, name: 'Pump station' })];
const WAIT = { timeout: 5000 };

async function tickBoth(view: ReturnType<typeof renderDevices>) {
  await screen.findByRole('link', { name: 'Gate router' }, WAIT);
  await view.user.click(screen.getByRole('checkbox', { name: 'Select row 11' }));
  await view.user.click(screen.getByRole('checkbox', { name: 'Select row 12' }));
}

describe('Update firmware', { timeout: 30_000 }, () => {
  it("offers the companies' firmware and the global firmware, marked as global", async () => {
    const view = renderDevices(admin, {
      'GET /api/devices': () => listOk(rows),
      'GET /api/files': () =>
        listOk([
          { id: 31, name: 'RUT9_R_00.07.06.bin', type: 'firmware' },
          { id: 32, name: 'RUT9_R_00.07.10.bin', type: 'global_firmware' },
        ]),
      'POST /api/devices/updates/set': () =>
        jsonResponse(200, { success: true, meta: { channel: 'firmware-1' } }),
    });
    await tickBoth(view);
    await view.user.click(screen.getByRole('button', { name: 'Update firmware' }));
    const form = await dialog('Update firmware');
    // The picker has the focus and its list open.
    expect(form.getByLabelText(/^Firmware file/, { selector: 'input' })).toHaveFocus();
    expect(await screen.findByRole('option', { name: 'RUT9_R_00.07.06.bin' })).toBeVisible();
    await view.user.click(screen.getByRole('option', { name: 'RUT9_R_00.07.10.bin (global)' }));
    const [url] = view.calls('GET /api/files').at(-1) ?? [];
    expect(new URL(String(url), 'http://localhost').searchParams.get('type')).toBe(
      'firmware,global_firmware',
    );
    await view.user.click(form.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(view.calls('POST /api/devices/updates/set')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/devices/updates/set')).toMatchObject({
      data: [
        { id: 11, action: 'update_firmware', file_id: 32 },
        { id: 12, action: 'update_firmware', file_id: 32 },
      ],
    });
  });
});

describe('Cancel pending updates', { timeout: 30_000 }, () => {
  it('cancels after a confirm and names the devices that had nothing to cancel', async () => {
    const view = renderDevices(admin, {
      'GET /api/devices': () => listOk(rows),
      'POST /api/devices/updates/cancel': () =>
        jsonResponse(207, {
          success: true,
          data: [901],
          errors: [
            {
              code: 'NOT_FOUND',
              message: 'The device has no pending firmware update',
              source: '12',
            },
          ],
        }),
    });
    await tickBoth(view);
    await view.user.click(screen.getByRole('button', { name: 'Cancel pending updates' }));
    const confirm = await dialog('Cancel pending updates');
    expect(
      confirm.getByText(/Cancel the pending firmware updates and backup restores of 2 devices\?/),
    ).toBeVisible();
    await view.user.click(confirm.getByRole('button', { name: 'Cancel pending updates' }));

    const result = await dialog('Some devices were not changed');
    expect(result.getByText('1 of 2 devices done.')).toBeInTheDocument();
    expect(
      result.getByText('Pump station: The device has no pending firmware update'),
    ).toBeInTheDocument();
    expect(lastBody(view.calls, 'POST /api/devices/updates/cancel')).toEqual({
      data: [{ id: 11 }, { id: 12 }],
    });
  });

  it('sends nothing when the user keeps the updates', async () => {
    const view = renderDevices(admin, { 'GET /api/devices': () => listOk(rows) });
    await tickBoth(view);
    await view.user.click(screen.getByRole('button', { name: 'Cancel pending updates' }));
    await view.user.click(
      (await dialog('Cancel pending updates')).getByRole('button', { name: 'Keep updates' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cancel pending updates' })).toBeNull(),
    );
    expect(view.calls('POST /api/devices/updates/cancel')).toHaveLength(0);
    expect(screen.queryByText('Pending updates cancelled successfully')).toBeNull();
  });
});

describe('Password manager', { timeout: 30_000 }, () => {
  it("opens the device passwords' dialog by its spec name, for the ticked rows or one row", async () => {
    // The app layer registers the real dialog; the devices list knows only its name.
    const build = vi.fn((_props: unknown) => ({
      id: 'passwords',
      title: 'Passwords',
      content: null,
    }));
    onTestFinished(registerNamedDialogs({ 'device-actions.password-manager': build }));
    const view = renderDevices(admin, { 'GET /api/devices': () => listOk(rows) });
    await tickBoth(view);
    await view.user.click(screen.getByRole('button', { name: 'Password manager' }));
    await dialog('Passwords');
    expect(build).toHaveBeenCalledWith({
      devices: [
        { id: 11, name: 'Gate router' },
        { id: 12, name: 'Pump station' },
      ],
    });

    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Passwords' })).toBeNull());
    await view.user.click(screen.getByRole('button', { name: 'Actions for Pump station' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Password manager' }));
    await waitFor(() =>
      expect(build).toHaveBeenLastCalledWith({ devices: [{ id: 12, name: 'Pump station' }] }),
    );
  });
});

describe('Device alerts', { timeout: 30_000 }, () => {
  it("opens the device alerts' dialog by its spec name for the ticked rows", async () => {
    // The app layer registers the real dialog; the devices list knows only its name.
    const build = vi.fn((_props: unknown) => ({ id: 'alerts', title: 'Alerts', content: null }));
    onTestFinished(registerNamedDialogs({ 'alerts.device-alerts': build }));
    const view = renderDevices(admin, { 'GET /api/devices': () => listOk(rows) });
    await tickBoth(view);
    await view.user.click(screen.getByRole('button', { name: 'Device alerts' }));
    await dialog('Alerts');
    expect(build).toHaveBeenCalledWith({
      devices: [
        { id: 11, name: 'Gate router' },
        { id: 12, name: 'Pump station' },
      ],
    });
  });
});

describe('Set pack', { timeout: 30_000 }, () => {
  it("opens the resources' set pack dialog by its spec name with the rows' companies", async () => {
    // The app layer registers the real dialog; the devices list knows only its name.
    const build = vi.fn((_props: unknown) => ({ id: 'pack', title: 'Set pack', content: null }));
    onTestFinished(registerNamedDialogs({ 'device-actions.set-pack': build }));
    const view = renderDevices(admin, { 'GET /api/devices': () => listOk(rows) });
    await tickBoth(view);
    await view.user.click(screen.getByRole('button', { name: 'Set pack' }));
    await dialog('Set pack');
    expect(build).toHaveBeenCalledWith({
      devices: [
        { id: 11, name: 'Gate router', company_id: 3 },
        { id: 12, name: 'Pump station', company_id: 3 },
      ],
      onDone: expect.any(Function),
    });
  });
});

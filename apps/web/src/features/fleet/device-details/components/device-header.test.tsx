import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PendingUpdate } from '@netfleet/contracts';
import { registerNamedDialogs } from '@/components/dialogs';
import { roleUser } from '@/test/fixtures';
import { errorResponse, ok } from '@/test/mock-api';
import { device, dialog, lastBody, listOk, renderDevicePage } from '../test-utils';

configure({ asyncUtilTimeout: 5000 });

const PAGE = '/devices/42/ports-and-access';
const PENDING = 'GET /api/devices/updates/pending';
const CANCEL = 'POST /api/devices/updates/cancel';
const summary = async () => within(await screen.findByRole('group', { name: 'Device summary' }));

const update = (overrides: Partial<PendingUpdate> = {}): PendingUpdate => ({
  id: 90,
  job_type: 1,
  name: 'RUTX_R_00.07.07.bin',
  serial: '1100000042',
  device_id: 42,
  device_name: 'Depot router',
  file_id: 6,
  file_name: 'RUTX_R_00.07.07.bin',
  status: 'sent',
  progress: null,
  created_at: '2026-11-20T10:00:00Z',
  expires_at: '2026-11-27T10:00:00Z',
  ...overrides,
});

describe('DeviceHeader: a pending firmware update', { timeout: 30_000 }, () => {
  it('shows the update and cancels it after a confirm', async () => {
    let pending = [update()];
    const view = renderDevicePage(PAGE, roleUser('admin'), device(), {
      [PENDING]: () => listOk(pending),
      [CANCEL]: () => {
        pending = [];
        return ok([90]);
      },
    });
    expect(
      await (await summary()).findByText('RUTX_R_00.07.07.bin · Sent to the device'),
    ).toBeInTheDocument();
    const asked = new URL(String(view.calls(PENDING)[0]?.[0]), 'http://localhost');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      device_id: '42',
      job_type: '1',
      limit: '1',
    });

    await view.user.click(screen.getByRole('button', { name: 'Cancel update' }));
    const confirm = await dialog('Cancel firmware update');
    expect(
      confirm.getByText(
        'Cancel the pending firmware update of Depot router to RUTX_R_00.07.07.bin?',
      ),
    ).toBeInTheDocument();
    await view.user.click(confirm.getByRole('button', { name: 'Cancel update' }));

    expect(await screen.findByText('Firmware update cancelled successfully')).toBeInTheDocument();
    expect(lastBody(view.calls, CANCEL)).toEqual({ data: [{ id: 42 }] });
    const facts = await summary();
    await waitFor(() => expect(facts.queryByText('Firmware update')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Cancel update' })).toBeNull();
  });

  it('shows the server’s reason when the update can no longer be cancelled', async () => {
    const view = renderDevicePage(PAGE, roleUser('admin'), device(), {
      [PENDING]: () => listOk([update({ status: 'queued' })]),
      [CANCEL]: () => errorResponse(409, 'CONFLICT', 'Only a queued or sent job can be cancelled'),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Cancel update' }));
    await view.user.click(
      (await dialog('Cancel firmware update')).getByRole('button', { name: 'Cancel update' }),
    );
    expect(
      await screen.findByText('Only a queued or sent job can be cancelled'),
    ).toBeInTheDocument();
  });

  it('offers no cancel for an update being installed, nor without update_devices', async () => {
    const running = update({ status: 'running', progress: { value: 2, total: 5 } });
    const view = renderDevicePage(PAGE, roleUser('admin'), device(), {
      [PENDING]: () => listOk([running]),
    });
    expect(
      await (await summary()).findByText('RUTX_R_00.07.07.bin · Installing 40%'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reboot' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel update' })).toBeNull();
    view.unmount();

    renderDevicePage(PAGE, roleUser('read_only'), device(), {
      [PENDING]: () => listOk([update()]),
    });
    expect(
      await (await summary()).findByText('RUTX_R_00.07.07.bin · Sent to the device'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel update' })).toBeNull();
  });
});

describe('DeviceHeader: Dynamic DNS and site blocking', { timeout: 30_000 }, () => {
  it('offers them where the firmware has them, opening the dialogs by name', async () => {
    const opened = vi.fn((_: { id: number; name: string }) => ({
      id: 'services',
      title: 'Opened',
      content: null,
    }));
    const unregister = registerNamedDialogs({
      'device-actions.dynamic-dns': opened,
      'device-actions.site-blocking': opened,
    });
    try {
      const view = renderDevicePage(
        PAGE,
        roleUser('admin'),
        device({ has_ddns: true, has_webfilter: false }),
      );
      await view.user.click(await screen.findByRole('button', { name: 'Dynamic DNS' }));
      expect(opened).toHaveBeenCalledWith({ id: 42, name: 'Depot router' });
      expect(screen.queryByRole('button', { name: 'Site blocking' })).toBeNull();
    } finally {
      unregister();
    }
  });

  it('leaves them out for users who may not configure devices', async () => {
    const admin = roleUser('admin');
    const user = roleUser('admin', {
      permissions: admin.permissions.filter(
        (permission) => permission !== 'create_multi_configuration',
      ),
    });
    renderDevicePage(PAGE, user, device({ has_ddns: true, has_webfilter: true }));
    expect(await screen.findByRole('button', { name: 'Reboot' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dynamic DNS' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Site blocking' })).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, type MockHandler } from '@/test/mock-api';
import { UpdateFirmwarePage } from '../pages/update-firmware-page';
import { UploadBackupPage } from '../pages/upload-backup-page';
import {
  CANCEL,
  currentLocation,
  dialog,
  FILES,
  lastBody,
  listOk,
  PENDING,
  pendingUpdate,
  queryOf,
  renderPage,
  UPDATE_FIRMWARE_URL,
  UPLOAD_BACKUP_URL,
} from '../test-utils';

const depotUpdate = pendingUpdate({
  status: 'running',
  progress: { value: 30, total: 120 },
});
const depotLater = pendingUpdate({ id: 502, status: 'queued' });
const officeUpdate = pendingUpdate({
  id: 503,
  device_id: 43,
  device_name: 'Office router',
  serial: '1100000043',
  status: 'sent',
});
const restore = pendingUpdate({
  id: 504,
  job_type: 2,
  device_id: 44,
  device_name: 'Field gateway',
  serial: '1100000044',
  name: 'RUTX11_1100000042_20261129-093017.tar.gz',
  file_id: 9,
  file_name: 'RUTX11_1100000042_20261129-093017.tar.gz',
});
const jobs = [depotUpdate, restore, depotLater, officeUpdate];

/** The server keeps the jobs of the asked kind. */
const ofAskedType = (list: typeof jobs, url: string) =>
  list.filter((job) => String(job.job_type) === queryOf(url).job_type);

function renderPending(
  api: Record<string, MockHandler> = {},
  kind: 'firmware' | 'backup' = 'firmware',
) {
  const url = kind === 'firmware' ? UPDATE_FIRMWARE_URL : UPLOAD_BACKUP_URL;
  return renderPage(kind === 'firmware' ? <UpdateFirmwarePage /> : <UploadBackupPage />, {
    url: `${url}?tab=pending`,
    path: url,
    api: {
      [PENDING]: (_init, url) => listOk(ofAskedType(jobs, url)),
      [FILES]: () => listOk([]),
      ...api,
    },
  });
}

const rowOf = (table: HTMLElement, text: string) =>
  within(within(table).getAllByText(text)[0]?.closest('tr') as HTMLElement);

describe('Pending updates', { timeout: 30_000 }, () => {
  it('lists the firmware updates the devices have not finished, with their progress', async () => {
    const view = renderPending();
    expect(screen.getByRole('tab', { name: 'Pending updates', selected: true })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Pending firmware updates' });
    await within(table).findByText('Office router');
    const running = rowOf(table, 'Running');
    expect(running.getByText('Depot router')).toBeInTheDocument();
    expect(running.getByText('1100000042')).toBeInTheDocument();
    expect(running.getByText('RUTX_R_00.07.09.bin')).toBeInTheDocument();
    expect(running.getByRole('progressbar', { name: 'Progress of Depot router' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(running.getByText('25%')).toBeInTheDocument();
    expect(running.getByText('2026-11-30 10:00:00')).toBeInTheDocument();
    expect(running.getByText('2026-12-07 10:00:00')).toBeInTheDocument();
    expect(rowOf(table, 'Sent').getByText('Office router')).toBeInTheDocument();
    // The server keeps firmware updates only, and pages them.
    expect(queryOf(view.calls(PENDING)[0]?.[0])).toEqual({
      job_type: '1',
      limit: '25',
      offset: '0',
    });
  });

  it('cancels the ticked updates after asking, one item per device', async () => {
    const view = renderPending({
      [CANCEL]: () => jsonResponse(200, { success: true, data: [501, 502, 503] }),
    });
    const table = await screen.findByRole('table', { name: 'Pending firmware updates' });
    await within(table).findByText('Office router');
    await view.user.click(
      within(table).getByRole('checkbox', { name: 'Select all rows on this page' }),
    );
    await view.user.click(screen.getByRole('button', { name: 'Cancel updates' }));
    const prompt = await dialog('Cancel updates');
    expect(
      prompt.getByText(
        'Cancel 3 firmware updates? Updates a device has already started installing go on.',
      ),
    ).toBeInTheDocument();
    await view.user.click(prompt.getByRole('button', { name: 'Keep updates' }));
    expect(view.calls(CANCEL)).toHaveLength(0);

    await view.user.click(screen.getByRole('button', { name: 'Cancel updates' }));
    await view.user.click(
      (await dialog('Cancel updates')).getByRole('button', { name: 'Cancel updates' }),
    );
    await waitFor(() => expect(view.calls(CANCEL)).toHaveLength(1));
    expect(lastBody(view.calls, CANCEL)).toEqual({
      data: [
        { id: 42, job_id: [501, 502] },
        { id: 43, job_id: [503] },
      ],
    });
    expect(await screen.findByText('Firmware updates cancelled successfully')).toBeInTheDocument();
    // Read again: what went is no longer pending.
    await waitFor(() => expect(view.calls(PENDING).length).toBeGreaterThan(1));
  });

  it('names the devices whose update could not be cancelled', async () => {
    const view = renderPending({
      [CANCEL]: () =>
        jsonResponse(409, {
          success: false,
          errors: [
            {
              code: 'CONFLICT',
              message: 'Only a queued or sent job can be cancelled',
              source: '42',
            },
          ],
        }),
    });
    const table = await screen.findByRole('table', { name: 'Pending firmware updates' });
    await within(table).findByText('Office router');
    await view.user.click(within(table).getByRole('checkbox', { name: 'Select row 501' }));
    await view.user.click(screen.getByRole('button', { name: 'Cancel updates' }));
    await view.user.click(
      (await dialog('Cancel updates')).getByRole('button', { name: 'Cancel updates' }),
    );
    const outcome = await dialog('Some devices were not changed');
    expect(outcome.getByText('0 of 1 device done.')).toBeInTheDocument();
    expect(
      outcome.getByText('Depot router: Only a queued or sent job can be cancelled'),
    ).toBeInTheDocument();
  });

  it('reads the list again every 5 s while it has rows', async () => {
    let reads = 0;
    const view = renderPending({
      [PENDING]: (_init, url) => {
        reads += 1;
        return listOk(reads === 1 ? ofAskedType(jobs, url) : []);
      },
    });
    const table = await screen.findByRole('table', { name: 'Pending firmware updates' });
    await within(table).findByText('Office router');
    expect(
      await within(table).findByText('No firmware update is pending', {}, { timeout: 7000 }),
    ).toBeInTheDocument();
    // Nothing of this kind left to follow.
    const readsWhenDone = view.calls(PENDING).length;
    await new Promise((resolve) => setTimeout(resolve, 5500));
    expect(view.calls(PENDING)).toHaveLength(readsWhenDone);
  });

  it('lists and cancels backup restores on the backup page', async () => {
    const view = renderPending(
      { [CANCEL]: () => jsonResponse(200, { success: true, data: [504] }) },
      'backup',
    );
    const table = await screen.findByRole('table', { name: 'Pending backup restores' });
    await within(table).findByText('Field gateway');
    expect(queryOf(view.calls(PENDING)[0]?.[0])).toMatchObject({ job_type: '2' });
    await view.user.click(within(table).getByRole('checkbox', { name: 'Select row 504' }));
    await view.user.click(screen.getByRole('button', { name: 'Cancel restores' }));
    await view.user.click(
      (await dialog('Cancel restores')).getByRole('button', { name: 'Cancel restores' }),
    );
    await waitFor(() => expect(view.calls(CANCEL)).toHaveLength(1));
    expect(lastBody(view.calls, CANCEL)).toEqual({ data: [{ id: 44, job_id: [504] }] });
    expect(await screen.findByText('Backup restores cancelled successfully')).toBeInTheDocument();

    await view.user.click(screen.getByRole('tab', { name: 'Backups' }));
    expect(currentLocation()).toBe(UPLOAD_BACKUP_URL);
  });
});

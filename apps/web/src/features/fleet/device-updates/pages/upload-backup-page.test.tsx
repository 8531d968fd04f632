import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { registerActionStatus } from '@/lib/action-status';
import { errorResponse, jsonResponse, ok, type MockHandler } from '@/test/mock-api';
import {
  backupFile,
  currentLocation,
  DEVICES,
  devicePick,
  dialog,
  FILES,
  lastBody,
  listOk,
  queryOf,
  renderPage,
  SET,
  UPLOAD_BACKUP_URL,
} from '../test-utils';
import { UploadBackupPage } from './upload-backup-page';

const COMPARE = 'GET /api/files/backups/compare';
const older = backupFile({
  id: 8,
  name: 'RUTX11_1100000042_20261101-080000.tar.gz',
  created_at: '2026-11-01 08:00:00',
});
const newer = backupFile();
const gateway = backupFile({
  id: 10,
  name: 'RUT241_1100000044_20261130-120000.tar.gz',
  description: 'Backup of Field gateway',
  device_model: 'RUT241',
  size: 8_192,
  created_at: '2026-11-30 12:00:00',
});
const depot = devicePick();
const office = devicePick({ id: 43, name: 'Office router', model: 'RUT241', serial: '1100000043' });

function renderBackups(api: Record<string, MockHandler> = {}) {
  return renderPage(<UploadBackupPage />, {
    url: UPLOAD_BACKUP_URL,
    path: UPLOAD_BACKUP_URL,
    api: {
      [FILES]: () => listOk([gateway, newer, older]),
      [DEVICES]: () => listOk([depot, office]),
      ...api,
    },
  });
}

type View = ReturnType<typeof renderBackups>;

const rowOf = (table: HTMLElement, text: string) =>
  within(within(table).getByText(text).closest('tr') as HTMLElement);

async function backupsTable() {
  const table = await screen.findByRole('table', { name: 'Backups' });
  await within(table).findByText(newer.name);
  return table;
}

async function openRowAction(view: View, file: string, action: string) {
  await view.user.click(screen.getByRole('button', { name: `Actions for ${file}` }));
  await view.user.click(await screen.findByRole('menuitem', { name: action }));
}

async function compare(view: View, ...ids: number[]) {
  const table = await backupsTable();
  for (const id of ids)
    await view.user.click(within(table).getByRole('checkbox', { name: `Select row ${id}` }));
  await view.user.click(screen.getByRole('button', { name: 'Compare' }));
  return dialog('Compare backups');
}

describe('UploadBackupPage: backups', { timeout: 30_000 }, () => {
  it('lists the backups newest first and says where they come from', async () => {
    const view = renderBackups();
    expect(screen.getByRole('heading', { name: 'Upload backup' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Backups', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'devices list' })).toHaveAttribute(
      'href',
      '/management/devices',
    );
    expect(screen.getByRole('link', { name: 'task manager' })).toHaveAttribute(
      'href',
      '/management/task-manager',
    );
    const table = await backupsTable();
    const row = rowOf(table, gateway.name);
    expect(row.getByText('Backup of Field gateway')).toBeInTheDocument();
    expect(row.getByText('RUT241')).toBeInTheDocument();
    expect(row.getByText('8 KB')).toBeInTheDocument();
    expect(row.getByText('2026-11-30 12:00:00')).toBeInTheDocument();
    expect(queryOf(view.calls(FILES)[0]?.[0])).toEqual({
      limit: '25',
      offset: '0',
      sort: '-created_at',
      type: 'config',
    });

    await view.user.click(within(table).getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(queryOf(view.calls(FILES).at(-1)?.[0])).toMatchObject({ sort: 'name' }),
    );
  });

  it('says when no backup matches', async () => {
    renderBackups({ [FILES]: () => listOk([]) });
    expect(await screen.findByText('No backups found')).toBeInTheDocument();
  });

  it('downloads a backup from its row', async () => {
    URL.createObjectURL = () => 'blob:backup';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    onTestFinished(() => click.mockRestore());
    const download = `GET /api/files/${newer.id}/download`;
    const view = renderBackups({
      [download]: () => new Response('backup', { status: 200 }),
    });
    await backupsTable();
    await openRowAction(view, newer.name, 'Download');
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(view.calls(download)).toHaveLength(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(newer.name);
  });
});

describe('UploadBackupPage: compare', { timeout: 30_000 }, () => {
  it('compares two ticked backups, the older against the newer', async () => {
    const view = renderBackups({
      [COMPARE]: () =>
        ok({
          changes: [
            { path: '/network/lan', option: 'ipaddr', before: '192.168.1.1', after: '10.0.0.1' },
            { path: '/network/lan', option: 'dns', before: null, after: ['1.1.1.1', '8.8.8.8'] },
            { path: '/system/main', option: 'hostname', before: 'depot', after: null },
          ],
          files: [
            { path: 'etc/dropbear/authorized_keys', change: 'added', before: null, after: 400 },
            { path: 'etc/config/network', change: 'changed', before: 1024, after: 2048 },
          ],
        }),
    });
    await backupsTable();
    // One is not enough.
    await view.user.click(screen.getByRole('checkbox', { name: `Select row ${newer.id}` }));
    expect(screen.getByRole('button', { name: 'Compare' })).toBeDisabled();
    await view.user.click(screen.getByRole('checkbox', { name: `Select row ${older.id}` }));
    await view.user.click(screen.getByRole('button', { name: 'Compare' }));
    const result = await dialog('Compare backups');
    expect(result.getByText(`${older.name} → ${newer.name}`)).toBeInTheDocument();
    expect(queryOf(view.calls(COMPARE)[0]?.[0])).toEqual({ a: '8', b: '9' });

    const changes = await result.findByRole('table', { name: 'Configuration changes' });
    const ipaddr = rowOf(changes, 'ipaddr');
    expect(ipaddr.getByText('/network/lan')).toBeInTheDocument();
    expect(ipaddr.getByText('192.168.1.1').tagName).toBe('DEL');
    expect(ipaddr.getByText('10.0.0.1').tagName).toBe('INS');
    const dns = rowOf(changes, 'dns');
    expect(dns.getByText('1.1.1.1, 8.8.8.8').tagName).toBe('INS');
    expect(dns.getByText('—')).toBeInTheDocument();
    expect(rowOf(changes, 'hostname').getByText('depot').tagName).toBe('DEL');

    const files = result.getByRole('table', { name: 'Changed files' });
    expect(rowOf(files, 'etc/dropbear/authorized_keys').getByText('Added')).toBeInTheDocument();
    const network = rowOf(files, 'etc/config/network');
    expect(network.getByText('1 KB')).toBeInTheDocument();
    expect(network.getByText('2 KB')).toBeInTheDocument();

    await view.user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Compare backups' })).toBeNull(),
    );
  });

  it('says when the two backups hold the same configuration', async () => {
    const view = renderBackups({ [COMPARE]: () => ok({ changes: [], files: [] }) });
    const result = await compare(view, gateway.id, newer.id);
    expect(
      await result.findByText('The two backups hold the same configuration'),
    ).toBeInTheDocument();
    expect(result.queryByRole('table')).toBeNull();
    // The newer one was ticked first: still compared against the older.
    expect(queryOf(view.calls(COMPARE)[0]?.[0])).toEqual({ a: '9', b: '10' });
  });

  it("shows the server's refusal in the dialog", async () => {
    const view = renderBackups({
      [COMPARE]: () =>
        errorResponse(422, 'VALIDATION_ERROR', 'The file is not a configuration backup'),
    });
    const result = await compare(view, older.id, newer.id);
    expect(await result.findByRole('alert')).toHaveTextContent(
      'The file is not a configuration backup',
    );
    expect(result.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('UploadBackupPage: restore', { timeout: 30_000 }, () => {
  async function pick(view: View, form: Awaited<ReturnType<typeof dialog>>, name: string) {
    await view.user.click(form.getByLabelText(/^Devices/, { selector: 'input' }));
    await view.user.click(await screen.findByRole('option', { name }));
  }

  it('restores a backup to devices after asking, warning about other models', async () => {
    const opened = vi.fn();
    onTestFinished(registerActionStatus(opened));
    const view = renderBackups({
      [SET]: () => jsonResponse(200, { success: true, meta: { channel: 'restore-7' } }),
    });
    await backupsTable();
    await openRowAction(view, newer.name, 'Restore to devices');
    const form = await dialog('Restore to devices');
    expect(form.getByText(newer.name)).toBeInTheDocument();
    expect(form.getByText('Backup of a RUTX11')).toBeInTheDocument();
    await pick(view, form, 'Depot router');
    await pick(view, form, 'Office router');
    expect(await form.findByText('This backup was made on another model')).toBeInTheDocument();
    expect(
      form.getByText('Office router: the backup is of a RUTX11, the device is a RUT241'),
    ).toBeInTheDocument();
    expect(form.queryByText(/^Depot router:/)).toBeNull();

    await view.user.click(form.getByRole('button', { name: 'Restore' }));
    const prompt = await dialog('Restore backup');
    expect(
      prompt.getByText(
        `Restore ${newer.name} to 2 devices? The devices download the backup, apply its configuration and restart. Offline devices get it when they reconnect, within a week. 1 device is of another model.`,
      ),
    ).toBeInTheDocument();
    await view.user.click(prompt.getByRole('button', { name: 'Cancel' }));
    expect(view.calls(SET)).toHaveLength(0);

    await view.user.click(form.getByRole('button', { name: 'Restore' }));
    await view.user.click(
      (await dialog('Restore backup')).getByRole('button', { name: 'Restore' }),
    );
    await waitFor(() => expect(view.calls(SET)).toHaveLength(1));
    expect(lastBody(view.calls, SET)).toEqual({
      data: [
        { id: 42, action: 'upload_backup', file_id: 9, offline: true },
        { id: 43, action: 'upload_backup', file_id: 9, offline: true },
      ],
    });
    expect(await screen.findByText('Backup restore started')).toBeInTheDocument();
    expect(opened).toHaveBeenCalledWith('restore-7', {
      title: 'Upload backup',
      itemLabels: { '42': 'Depot router', '43': 'Office router' },
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Restore to devices' })).toBeNull(),
    );
    expect(currentLocation()).toBe(UPLOAD_BACKUP_URL);
  });

  it('asks for a device before anything is sent', async () => {
    const view = renderBackups();
    await backupsTable();
    await openRowAction(view, newer.name, 'Restore to devices');
    const form = await dialog('Restore to devices');
    await view.user.click(form.getByRole('button', { name: 'Restore' }));
    expect(await form.findByText('Pick at least one device')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Restore backup' })).toBeNull();
  });

  it('names the devices the server refused, and keeps the dialog open', async () => {
    const view = renderBackups({
      [SET]: () =>
        jsonResponse(409, {
          success: false,
          errors: [
            {
              code: 'CONFLICT',
              message: 'The device already has a pending firmware update',
              source: '42',
            },
          ],
        }),
    });
    await backupsTable();
    await openRowAction(view, newer.name, 'Restore to devices');
    const form = await dialog('Restore to devices');
    await pick(view, form, 'Depot router');
    await view.user.click(form.getByRole('button', { name: 'Restore' }));
    await view.user.click(
      (await dialog('Restore backup')).getByRole('button', { name: 'Restore' }),
    );
    expect(
      await form.findByText('Depot router: The device already has a pending firmware update'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Restore to devices' })).toBeInTheDocument();
  });
});

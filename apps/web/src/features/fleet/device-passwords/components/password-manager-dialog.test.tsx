import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import {
  actionStatusOpened,
  lastBody,
  listOk,
  openPasswordManager,
  passwordBatch,
  passwordsCsv,
  savedFiles,
} from '../test-utils';

const admin = roleUser('admin', { company_id: 3 });
const GENERATE = 'POST /api/devices/passwords/generate';
const SET = 'POST /api/devices/passwords/set';
const DOWNLOAD = 'GET /api/tasks/b7Kq2/download/passwords';

const queued = (data: number[], errors?: unknown[]) =>
  jsonResponse(errors ? 207 : 200, {
    success: true,
    data,
    meta: { channel: 'status-31', task_id: 'b7Kq2' },
    ...(errors ? { errors } : {}),
  });

describe('PasswordManagerDialog', { timeout: 30_000 }, () => {
  it('generates passwords for the devices, follows them and downloads the list once', async () => {
    const { view, manager } = await openPasswordManager(admin, {
      [GENERATE]: () => queued([11, 12]),
      [DOWNLOAD]: passwordsCsv,
    });
    const length = manager.getByRole('textbox', { name: /^Password length/ });
    expect(length).toHaveValue('16');
    await view.user.clear(length);
    await view.user.type(length, '20');
    await view.user.click(manager.getByRole('checkbox', { name: /^Include special characters/ }));
    await view.user.click(manager.getByRole('button', { name: 'Generate passwords' }));

    await waitFor(() => expect(view.calls(GENERATE)).toHaveLength(1));
    expect(lastBody(view.calls, GENERATE)).toEqual({
      data: [
        { id: 11, length: 20, use_special: 1 },
        { id: 12, length: 20, use_special: 1 },
      ],
    });
    expect(actionStatusOpened).toHaveBeenCalledWith('status-31', {
      title: 'Password change',
      itemLabels: { '11': 'Gate router', '12': 'Pump station' },
    });
    expect(
      await manager.findByText('New passwords are on their way to 2 of 2 devices.'),
    ).toBeInTheDocument();

    // The server wipes the passwords as it answers: a double click sends one request.
    await view.user.dblClick(manager.getByRole('button', { name: 'Download passwords (once)' }));
    expect(await manager.findByText('Downloaded')).toBeInTheDocument();
    expect(manager.queryByRole('button', { name: 'Download passwords (once)' })).toBeNull();
    expect(view.calls(DOWNLOAD)).toHaveLength(1);
    expect(savedFiles).toEqual(['device-passwords-2026-11-20.csv']);
  });

  it('shows a mismatched confirmation under it without sending, then sets the password', async () => {
    const { view, manager } = await openPasswordManager(admin, { [SET]: () => queued([11, 12]) });
    await view.user.click(manager.getByRole('radio', { name: 'Set' }));
    await view.user.type(manager.getByLabelText(/^Password/, { selector: 'input' }), 'Depot2026');
    const confirmation = manager.getByLabelText(/^Confirm password/);
    await view.user.type(confirmation, 'Depot2025');
    await view.user.click(manager.getByRole('button', { name: 'Set password' }));

    await waitFor(() =>
      expect(confirmation).toHaveAccessibleDescription('The password confirmation does not match'),
    );
    expect(view.calls(SET)).toHaveLength(0);

    await view.user.clear(confirmation);
    await view.user.type(confirmation, 'Depot2026');
    await view.user.click(manager.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(view.calls(SET)).toHaveLength(1));
    expect(lastBody(view.calls, SET)).toEqual({
      data: [11, 12].map((id) => ({
        id,
        password: 'Depot2026',
        password_confirmation: 'Depot2026',
        show_password: false,
      })),
    });
    // Not kept: there is nothing to download.
    expect(
      await manager.findByText('The password was not kept: there is nothing to download.'),
    ).toBeInTheDocument();
    expect(manager.queryByRole('button', { name: 'Download passwords (once)' })).toBeNull();
  });

  it('generates a 16-character password into both inputs, shown, and sets it', async () => {
    const { view, manager } = await openPasswordManager(admin, { [SET]: () => queued([11, 12]) });
    await view.user.click(manager.getByRole('radio', { name: 'Set' }));
    await view.user.click(manager.getByRole('button', { name: 'Generate a password' }));
    const password = manager.getByLabelText(/^Password/, { selector: 'input' });
    const generated = (password as HTMLInputElement).value;
    expect(generated).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(generated).toMatch(/[A-Z]/);
    expect(generated).toMatch(/[a-z]/);
    expect(generated).toMatch(/\d/);
    // Shown, with the reminder to note it.
    expect(password).toHaveAttribute('type', 'text');
    expect(password).toHaveAccessibleDescription(/note it, or keep it for download/);
    expect(manager.getByLabelText(/^Confirm password/)).toHaveValue(generated);

    await view.user.click(manager.getByRole('checkbox', { name: /^Keep for download/ }));
    await view.user.click(manager.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(view.calls(SET)).toHaveLength(1));
    expect(lastBody(view.calls, SET)).toEqual({
      data: [11, 12].map((id) => ({
        id,
        password: generated,
        password_confirmation: generated,
        show_password: true,
      })),
    });
  });

  it('lists the devices a 207 left unchanged, by name, and still offers the download', async () => {
    const { view, manager } = await openPasswordManager(admin, {
      [GENERATE]: () =>
        queued([11], [{ code: 'NOT_FOUND', message: 'Device not found', source: '12' }]),
    });
    await view.user.click(manager.getByRole('button', { name: 'Generate passwords' }));
    expect(
      await manager.findByText('New passwords are on their way to 1 of 2 devices.'),
    ).toBeInTheDocument();
    expect(manager.getByText('Pump station: Device not found')).toBeInTheDocument();
    expect(manager.getByRole('button', { name: 'Download passwords (once)' })).toBeVisible();
    expect(actionStatusOpened).toHaveBeenCalledTimes(1);
  });

  it('names each device when the server refuses them all, and keeps the form', async () => {
    const { view, manager } = await openPasswordManager(admin, {
      [GENERATE]: () =>
        jsonResponse(404, {
          success: false,
          errors: [
            { code: 'NOT_FOUND', message: 'Device not found', source: '11' },
            { code: 'NOT_FOUND', message: 'Device not found', source: '12' },
          ],
        }),
    });
    await view.user.click(manager.getByRole('button', { name: 'Generate passwords' }));
    expect(await manager.findByText('Gate router: Device not found')).toBeInTheDocument();
    expect(manager.getByText('Pump station: Device not found')).toBeInTheDocument();
    expect(manager.getByRole('button', { name: 'Generate passwords' })).toBeVisible();
    expect(actionStatusOpened).not.toHaveBeenCalled();
  });

  it('lists the recent password tasks and downloads one of them once', async () => {
    let downloaded = false;
    const { view, manager } = await openPasswordManager(admin, {
      'GET /api/devices/passwords/generated/tasks': () =>
        listOk([
          passwordBatch(
            downloaded
              ? { downloadable: false, downloaded_at: '2026-11-20 12:05:00' }
              : { completed: 1, failed: 1 },
          ),
          passwordBatch({
            id: 'old',
            created_at: '2026-11-10 08:00:00',
            downloadable: false,
            deleted_at: '2026-11-17 08:00:00',
          }),
        ]),
      [DOWNLOAD]: () => {
        downloaded = true;
        return passwordsCsv();
      },
    });
    await view.user.click(manager.getByRole('tab', { name: 'Password tasks' }));
    const table = await manager.findByRole('table', { name: 'Password tasks' });
    const row = (text: string) =>
      within(within(table).getByText(text).closest('tr') as HTMLElement);
    expect(row('2026-11-10 08:00:00').getByText('Expired')).toBeInTheDocument();
    const recent = row('2026-11-20 12:00:00');
    expect(recent.getAllByText('1')).toHaveLength(2);

    await view.user.click(recent.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(row('2026-11-20 12:00:00').getByText('Downloaded')).toBeVisible());
    expect(within(table).queryByRole('button', { name: 'Download' })).toBeNull();
    expect(view.calls(DOWNLOAD)).toHaveLength(1);
    expect(savedFiles).toEqual(['device-passwords-2026-11-20.csv']);
  });

  it('shows only the password tasks to a user who cannot change devices', async () => {
    await openPasswordManager(roleUser('read_only', { company_id: 3 }), {
      'GET /api/devices/passwords/generated/tasks': () => listOk([passwordBatch()]),
    });
    expect(screen.queryByRole('tab', { name: 'Change passwords' })).toBeNull();
    const table = await screen.findByRole('table', { name: 'Password tasks' });
    expect(within(table).getByText('Available')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Download' })).toBeNull();
  });
});

import { expect, test } from '@playwright/test';
import { acceptAgreementIfAsked, logIn, xsrfHeaders } from './helpers';
import { startSimulator, type Simulator } from './simulator';
import { SUPER_ADMIN } from './users';

// Device configuration against the real server and simulated devices (each keeps a real
// configuration store): a template is written, applied to the fleet, what changed is read back
// per device and rolled back; a device exports its backup, which lands in Files; two backups are
// compared and the older one restored.
const FLEET_SIZE = 2;
let fleet: Simulator;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  const seed = 2 * (Date.now() % 4000) + 2001;
  fleet = startSimulator({ baseURL: baseURL ?? '', user: SUPER_ADMIN, devices: FLEET_SIZE, seed });
  await expect
    .poll(
      () => fleet.output.some((line) => line.includes(`connected=${FLEET_SIZE}/${FLEET_SIZE}`)),
      {
        timeout: 90_000,
      },
    )
    .toBe(true);
});

test.afterAll(async () => {
  await fleet?.stop();
});

test('a template is applied to the fleet, read back per device and rolled back', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const name = `Edge hostname ${Date.now() % 100_000}`;
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  await page.goto('/device-configuration');
  await expect(page.getByRole('heading', { name: 'Device configuration' })).toBeVisible();

  // A template that renames the device; a bad value is refused at its field first.
  await page.getByRole('button', { name: 'New template' }).first().click();
  const editor = page.getByRole('dialog', { name: 'New template' });
  await editor.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await editor.getByRole('textbox', { name: 'Version', exact: true }).fill('1.0.0');
  const request = editor.getByRole('group', { name: 'Request 1' });
  await request.getByRole('combobox', { name: 'Method' }).click();
  await page.getByRole('option', { name: /^put/ }).click();
  await request.getByRole('combobox', { name: 'Path' }).fill('/system/system');
  await request.getByRole('combobox', { name: 'Option 1' }).fill('hostname');
  const value = request.getByRole('textbox', { name: 'Value of option 1' });
  await value.fill('edge router!');
  await editor.getByRole('button', { name: 'Create' }).click();
  await expect(editor.getByText(/letters, digits and hyphens/)).toBeVisible();
  await value.fill('edge-e2e');
  await page.screenshot({ path: 'e2e/.artifacts/config-template-editor.png' });
  await editor.getByRole('button', { name: 'Create' }).click();
  await expect(editor).toBeHidden();

  // Apply it to the fleet, after the confirm prompt.
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Apply to devices' }).click();
  const apply = page.getByRole('dialog', { name: `Apply ${name}` });
  const picker = apply.getByRole('combobox', { name: 'Devices' });
  for (const device of fleet.devices()) {
    await picker.fill(device.serial);
    await page.getByRole('option', { name: new RegExp(device.serial) }).click();
  }
  await picker.blur();
  await apply.getByRole('button', { name: 'Apply', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Apply configuration' });
  await confirm.getByRole('button', { name: 'Apply', exact: true }).click();

  // The action opens on Activity; the devices apply it (1 to 3 s each) and the counts follow.
  await expect(page).toHaveURL(/tab=activity&action=/);
  await expect(page.getByText(`${FLEET_SIZE} done`).first()).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: '1 change' }).first().click();
  const changes = page.getByRole('table', { name: /Changes on/ }).first();
  await expect(changes.getByRole('cell', { name: 'hostname' })).toBeVisible();
  await expect(changes.getByRole('cell', { name: 'edge-e2e' })).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/config-action-diff.png' });

  // Roll it back: a new action that restores each device's hostname.
  await page.getByRole('button', { name: 'Roll back', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Roll back configuration' })
    .getByRole('button', { name: 'Roll back' })
    .click();
  await expect(page.getByRole('heading', { name: /^Rollback of/ })).toBeVisible();
  await expect(page.getByText(`${FLEET_SIZE} done`).first()).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: '1 change' }).first().click();
  await expect(
    page
      .getByRole('table', { name: /Changes on/ })
      .first()
      .getByRole('cell', { name: 'edge-e2e' }),
  ).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/config-rollback.png' });
});

test('a device exports its configuration backup to Files', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  await page.goto('/management/devices');
  const [device] = fleet.devices();
  const row = page.getByRole('row').filter({ hasText: device?.serial ?? '' });
  await row.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Export backup' }).click();
  await page
    .getByRole('dialog', { name: 'Export backup' })
    .getByRole('button', { name: 'Export backup' })
    .click();
  // The device uploads its backup; the status links to the new file in Files.
  const status = page.getByRole('dialog', { name: 'Export backup' });
  await expect(status.getByText(/^Backup uploaded: .*\.tar\.gz$/)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: 'e2e/.artifacts/backup-export-status.png' });
  const files = await page.request.get(`/api/files?type=config&q=${device?.serial ?? ''}`);
  const { data } = (await files.json()) as { data: { name: string; device_id: number }[] };
  expect(data[0]?.name).toMatch(new RegExp(`_${device?.serial}_\\d{8}-\\d{6}\\.tar\\.gz$`));
  expect(data[0]?.device_id).toBe(device?.id);

  // Its restore would be pending on Upload backup; firmware updates are pending on their own page.
  await page.goto('/management/update-firmware?tab=pending');
  await expect(page.getByRole('heading', { name: 'Update firmware' })).toBeVisible();
  await expect(page.getByText('No firmware update is pending')).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/update-firmware-pending.png' });
});

test('two backups of a device are compared, and the older one restored', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  const [device] = fleet.devices();
  const serial = device?.serial ?? '';
  const backups = async () => {
    const answer = await page.request.get(`/api/files?type=config&q=${serial}&sort=-created_at`);
    return ((await answer.json()) as { data: { id: number; name: string }[] }).data;
  };
  const before = (await backups()).length;
  // Rename the device, then have it export a second backup.
  const headers = await xsrfHeaders(page);
  const configure = await page.request.post('/api/devices/configurator/configure', {
    headers,
    data: {
      configuration: [
        {
          device_id: [device?.id],
          path: '/system/system',
          method: 'put',
          request_data: { hostname: 'renamed' },
        },
      ],
    },
  });
  expect(configure.ok()).toBe(true);
  await expect
    .poll(
      async () => {
        const logs = await page.request.get(`/api/devices/${device?.id}/configurator/logs?limit=1`);
        return ((await logs.json()) as { data: { request_state: string }[] }).data[0]
          ?.request_state;
      },
      { timeout: 30_000 },
    )
    .toBe('completed');
  const exported = await page.request.post('/api/devices/actions', {
    headers,
    data: { action: 'download_backup', device_id: [device?.id] },
  });
  expect(exported.ok()).toBe(true);
  await expect.poll(async () => (await backups()).length, { timeout: 30_000 }).toBe(before + 1);
  const [newer, older] = await backups();

  await page.goto('/management/upload-backup');
  const table = page.getByRole('table', { name: 'Backups' });
  await table.getByRole('checkbox', { name: `Select row ${newer?.id}` }).check();
  await table.getByRole('checkbox', { name: `Select row ${older?.id}` }).check();
  await page.getByRole('button', { name: 'Compare' }).click();
  const comparison = page.getByRole('table', { name: 'Configuration changes' });
  await expect(comparison.getByRole('cell', { name: 'hostname' })).toBeVisible();
  await expect(comparison.getByRole('cell', { name: 'renamed' })).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/backup-compare.png' });
  await page.keyboard.press('Escape');

  // Restore the older backup: the device takes it back and restarts.
  const row = table.getByRole('row').filter({ hasText: older?.name ?? '' });
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Restore to devices' }).click();
  const restore = page.getByRole('dialog', { name: /Restore/ }).first();
  const picker = restore.getByRole('combobox', { name: 'Devices' });
  await picker.fill(serial);
  await page.getByRole('option', { name: new RegExp(serial) }).click();
  await picker.blur();
  await restore.getByRole('button', { name: 'Restore', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Restore backup' })
    .getByRole('button', { name: 'Restore', exact: true })
    .click();
  const status = page.getByRole('dialog', { name: /Upload backup|Action status/ }).first();
  await expect(status.getByText('Completed').first()).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: 'e2e/.artifacts/backup-restored.png' });
});

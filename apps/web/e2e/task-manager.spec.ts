import { expect, test } from '@playwright/test';
import { acceptAgreementIfAsked, logIn } from './helpers';
import { startSimulator, type Simulator } from './simulator';
import { SUPER_ADMIN } from './users';

// The task manager against the real server and simulated devices: a group of three steps is
// created, run on the fleet and watched to the end, its task logs read; a second run is
// scheduled for later and cancelled before it starts.
const FLEET_SIZE = 3;
let fleet: Simulator;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  const seed = 2 * (Date.now() % 4000) + 1001;
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

test('a task group runs on the fleet, reports live and keeps per-step logs', async ({ page }) => {
  // Unique per attempt: a retried test must not meet the group of the last one.
  const groupName = `Check and reboot ${Date.now() % 100_000}`;
  test.setTimeout(150_000);
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  await page.goto('/management/task-manager');

  // A new group: a command, a reboot, and a device file brought into Files.
  await page.getByRole('button', { name: 'New task group' }).first().click();
  const editor = page.getByRole('dialog', { name: 'New task group' });
  await editor.getByRole('textbox', { name: 'Name', exact: true }).fill(groupName);
  await editor.getByRole('textbox', { name: 'Step name' }).first().fill('Uptime');
  await editor.getByRole('textbox', { name: 'Command', exact: true }).fill('uptime');
  await editor.getByRole('button', { name: 'Add step' }).click();
  await editor.getByRole('textbox', { name: 'Step name' }).nth(1).fill('Reboot');
  await editor.getByRole('combobox', { name: 'Action' }).nth(1).click();
  await page.getByRole('option', { name: 'Reboot' }).click();
  // Then the device's network configuration comes into Files.
  await editor.getByRole('button', { name: 'Add step' }).click();
  await editor.getByRole('textbox', { name: 'Step name' }).nth(2).fill('Fetch network config');
  await editor.getByRole('combobox', { name: 'Action' }).nth(2).click();
  await page.getByRole('option', { name: 'Download file' }).click();
  await editor.getByRole('textbox', { name: /^File on the device/ }).fill('/etc/config/network');
  await page.screenshot({ path: 'e2e/.artifacts/task-group-editor.png' });
  await editor.getByRole('button', { name: 'Create' }).click();
  await expect(editor).toBeHidden();

  // Run it on the fleet's devices.
  const row = page.getByRole('row').filter({ hasText: groupName });
  await row.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Run', exact: true }).click();
  const runDialog = page.getByRole('dialog', { name: `Run ${groupName}` });
  const devicePicker = runDialog.getByLabel('Devices', { exact: true });
  // A picked option leaves the picker's list open over the form (and results still arriving
  // reopen it while the picker has focus): the picker loses focus, and its list is gone.
  const closeDropdown = async () => {
    await devicePicker.blur();
    await expect(page.getByRole('option').filter({ visible: true })).toHaveCount(0);
  };
  for (const device of fleet.devices()) {
    await devicePicker.fill(device.serial);
    await page.getByRole('option', { name: new RegExp(device.serial) }).click();
  }
  await closeDropdown();
  await runDialog.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(runDialog).toBeHidden();
  await expect(page).toHaveURL(/run=\d+/);

  // The run's counts move live until every device has done every step.
  await expect(page.getByText(`${FLEET_SIZE} done`)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Completed').first()).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/task-run-completed.png' });

  // One device's task logs: every step, with the command's output and the uploaded file.
  const [first] = fleet.devices();
  await page
    .getByRole('row')
    .filter({ hasText: first?.serial ?? '' })
    .getByRole('button')
    .click();
  await page.getByRole('menuitem', { name: 'Task logs' }).click();
  const logs = page.getByRole('dialog').filter({ hasText: 'Uptime' });
  await expect(logs.getByText('load average')).toBeVisible();
  await expect(logs.getByRole('cell', { name: 'Reboot', exact: true })).toBeVisible();
  await expect(logs.getByText('File uploaded')).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/task-logs.png' });
  await page.keyboard.press('Escape');

  // A run scheduled an hour ahead waits, and is cancelled before it starts.
  await page.goto('/management/task-manager');
  await row.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Run', exact: true }).click();
  await devicePicker.fill(first?.serial ?? '');
  await page.getByRole('option', { name: new RegExp(first?.serial ?? '') }).click();
  await closeDropdown();
  await runDialog.getByText('Start at', { exact: true }).click();
  // "Start at" proposes an hour from now.
  await expect(runDialog.getByText('Start at', { exact: true }).first()).toBeVisible();
  await runDialog.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page).toHaveURL(/run=\d+/);
  await expect(page.getByText('Scheduled').first()).toBeVisible();
  await page.getByRole('button', { name: 'Cancel run' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel run' })
    .getByRole('button', { name: 'Cancel run' })
    .click();
  await expect(page.getByText('Cancelled').first()).toBeVisible();
});

test('the password manager changes a device password and hands out the list once', async ({
  page,
}) => {
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  await page.goto('/management/devices');
  const [device] = fleet.devices();
  const row = page.getByRole('row').filter({ hasText: device?.serial ?? '' });
  await row.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Password manager' }).click();
  const dialog = page.getByRole('dialog', { name: /Password manager/ });
  await dialog.getByRole('button', { name: 'Generate passwords' }).click();

  // The simulated device takes the password (or, rarely, fails as a router can).
  const statusDialog = page.getByRole('dialog', { name: /Password change|Action status/ });
  await expect(statusDialog.first()).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/password-manager-status.png' });
  await page.keyboard.press('Escape');

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download passwords (once)' }).click();
  const download = await downloading;
  const csv = await (await download.createReadStream()).toArray();
  const lines = Buffer.concat(csv).toString('utf8').trim().split(/\r?\n/);
  expect(lines[0]).toBe('id,name,serial,mac,password,status');
  expect(lines[1]).toContain(device?.serial ?? '');
  await expect(dialog.getByText('Downloaded').first()).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/password-manager-downloaded.png' });
});

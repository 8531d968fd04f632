import { expect, test, type Page } from '@playwright/test';
import { acceptAgreementIfAsked, logIn, watchBellReads, xsrfHeaders } from './helpers';
import { waitForMail } from './mail';
import { startSimulator, type Simulator } from './simulator';
import { SUPER_ADMIN } from './users';

// Alerts & Automations against the real server and a simulated device: a rule on signal strength
// is written in the editor (previewed on the device's stored readings), the device's signal is
// pinned below it and the alert arrives live in the bell and by e-mail; pinned back above, it
// resolves the same ways, and both evaluations are in the rule's logs with their values.
let fleet: Simulator;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  const seed = 2 * (Date.now() % 4000) + 7001;
  fleet = startSimulator({ baseURL: baseURL ?? '', user: SUPER_ADMIN, devices: 1, seed });
  await expect
    .poll(() => fleet.output.some((line) => line.includes('connected=1/1')), { timeout: 90_000 })
    .toBe(true);
});

test.afterAll(async () => {
  await fleet?.stop();
});

/** Pins the simulated device's signal (nf-sim pin, sent as a device command). */
const pinSignal = async (page: Page, deviceId: number, dbm: number) => {
  const response = await page.request.post(`/api/devices/${deviceId}/command`, {
    headers: await xsrfHeaders(page),
    data: { command: `nf-sim pin signal=${dbm}` },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
};

test('a signal rule fires live in the bell and by e-mail, and resolves when the signal recovers', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const name = `Weak signal ${Date.now() % 100_000}`;
  const recipient = `alerts-${Date.now() % 100_000}@e2e.netfleet.test`;
  const [device] = fleet.devices();
  if (!device) throw new Error('the simulator enrolled no device');
  page.setDefaultTimeout(20_000);
  const bellReads = watchBellReads(page);
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  // The simulated signal wanders (-120..-50 dBm): held healthy until the test takes it below.
  await pinSignal(page, device.id, -80);

  await page.goto('/management/automations');
  await expect(page.getByRole('heading', { name: 'Alerts & Automations' })).toBeVisible();
  await page.getByRole('link', { name: 'Create automation' }).first().click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);

  const condition = page.getByRole('group', { name: 'Condition 1' });
  await condition.getByRole('combobox', { name: /^Parameter/ }).click();
  await page.getByRole('option', { name: 'Signal strength (dBm)', exact: true }).click();
  await condition.getByRole('combobox', { name: /^Operator/ }).click();
  await page.getByRole('option', { name: '<', exact: true }).click();
  const value = condition.getByRole('textbox', { name: /^Value/ });
  await value.fill('-110');
  await condition.getByRole('textbox', { name: /^Hysteresis/ }).fill('3');

  const devices = page.getByRole('combobox', { name: /^Assigned devices/ });
  await devices.fill(device.serial);
  await page.getByRole('option', { name: new RegExp(device.serial) }).click();
  await devices.blur();

  await page.getByRole('button', { name: 'Add action' }).click();
  await page.getByRole('menuitem', { name: 'In-app notification' }).click();
  const notify = page.getByRole('group', { name: /^Action 1/ });
  // The signed-in user is who a new notification goes to.
  await expect(notify.getByRole('combobox', { name: /^User/ })).toHaveValue(SUPER_ADMIN.email);
  await notify.getByRole('textbox', { name: /^Message/ }).fill('Check the antenna');
  await page.getByRole('button', { name: 'Add action' }).click();
  await page.getByRole('menuitem', { name: 'E-mail' }).click();
  const mail = page.getByRole('group', { name: /^Action 2/ });
  await mail.getByRole('textbox', { name: /^Recipient/ }).fill(recipient);
  await mail.getByRole('textbox', { name: /^Subject/ }).fill('Weak signal on %rn');
  await mail.getByRole('textbox', { name: /^Message/ }).fill('%rn: %ex at %ts');

  // The preview replays the device's stored readings (their wandering signal may have crossed).
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText(/Would have fired \d+ times? on the last 24 h/)).toBeVisible();
  await expect(page.getByText('1 of 1 device in scope evaluated')).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/automation-editor.png', fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Automation created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const ruleUrl = page.url();

  // Below the threshold: the notification arrives over the socket, without a list refetch.
  await bellReads.settled();
  const reads = bellReads.reads();
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await pinSignal(page, device.id, -118);
  await expect(bell).toHaveAccessibleName(/Notifications, [1-9]\d* unseen/, { timeout: 20_000 });
  expect(bellReads.reads()).toBe(reads);
  await bell.click();
  const alert = page.getByText(new RegExp(`${name} — signal -118 dBm`)).first();
  await expect(alert).toBeVisible();
  await alert.hover();
  await page.screenshot({ path: 'e2e/.artifacts/automation-bell.png' });
  await page.keyboard.press('Escape');
  await waitForMail(recipient, /signal -118 dBm/);

  // Back above the threshold plus its hysteresis: resolved, live and by mail.
  await pinSignal(page, device.id, -80);
  await bell.click();
  await expect(page.getByText(new RegExp(`Resolved: .*${name}`)).first()).toBeVisible({
    timeout: 20_000,
  });
  await page.keyboard.press('Escape');
  await waitForMail(recipient, /Resolved/);

  // Both evaluations in the rule's logs, with the values that caused them.
  await page.goto(`${ruleUrl.replace(/\/(devices|logs)$/, '')}/logs`);
  const logs = page.getByRole('table', { name: 'Evaluations' });
  await expect(logs.getByRole('row')).toHaveCount(3, { timeout: 15_000 });
  await expect(logs.getByRole('row', { name: /Fired.*signal: -118 dBm/ })).toBeVisible();
  await expect(logs.getByRole('row', { name: /Resolved.*signal: -80 dBm/ })).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/automation-logs.png', fullPage: true });
  await logs.getByText('signal: -118 dBm').click();
  const detail = page.getByRole('dialog', { name: /^Evaluation on/ });
  await expect(detail.getByText('cond_0: held')).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/automation-log-detail.png' });
});

test('the device page shows its alert history; device alerts and silences open from the console', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const [device] = fleet.devices();
  if (!device) throw new Error('the simulator enrolled no device');
  page.setDefaultTimeout(20_000);
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);

  // The rule of the first test fired and resolved on this device: both are in its history.
  await page.goto(`/devices/${device.id}`);
  await page.getByRole('tab', { name: 'Alerts', exact: true }).click();
  const history = page.getByRole('table', { name: 'Alert history' });
  await expect(history.getByRole('row', { name: /Fired.*signal: -118 dBm/ })).toBeVisible();
  await expect(history.getByRole('row', { name: /Resolved.*signal: -80 dBm/ })).toBeVisible();
  await expect(history.getByRole('link', { name: /^Weak signal/ }).first()).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/device-alert-history.png', fullPage: true });

  // The device alerts dialog lists what the device evaluates itself (nothing yet).
  await page.getByRole('button', { name: 'Device alerts' }).click();
  const dialog = page.getByRole('dialog', { name: /^Device alerts/ });
  await expect(dialog.getByText('No alerts configured on this device')).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/device-alerts-dialog.png' });
  await dialog.getByRole('button', { name: 'Add alert' }).click();
  await dialog.getByRole('combobox', { name: /^Alert type/ }).click();
  await page.getByRole('option', { name: 'Status change' }).click();
  // E-mail is the default action: its delivery retry shows its count and interval when on.
  await dialog.getByRole('switch', { name: 'Retry failed e-mails' }).check({ force: true });
  await expect(dialog.getByRole('textbox', { name: 'Retries' })).toHaveValue('3');
  await page.screenshot({ path: 'e2e/.artifacts/device-alerts-add.png' });
  await page.keyboard.press('Escape');

  // A silence for the next hour, on every automation and device of the company.
  const silence = `Maintenance ${Date.now() % 100_000}`;
  await page.goto('/management/automations');
  await page.getByRole('tab', { name: 'Silences' }).click();
  await page.getByRole('button', { name: 'New silence' }).first().click();
  const form = page.getByRole('dialog', { name: /silence/i });
  await form.getByRole('textbox', { name: /^Name/ }).fill(silence);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Silence created successfully')).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Silences' })
    .getByRole('row', { name: new RegExp(silence) });
  await expect(row.getByText('Active now')).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/automation-silences.png', fullPage: true });

  // The maintenance is over: ended from the row, the company's automations act again (a later
  // spec's automation sends mail).
  await row.getByRole('button', { name: `Actions for ${silence}` }).click();
  await page.getByRole('menuitem', { name: 'End now' }).click();
  await expect(page.getByText(`Silence ${silence} ended`)).toBeVisible();
  await expect(row.getByText('Ended')).toBeVisible();
});

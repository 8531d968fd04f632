import { expect, test } from '@playwright/test';
import { acceptAgreementIfAsked, logIn, openAccountForm } from './helpers';
import { startSimulator, type Simulator } from './simulator';
import { SUPER_ADMIN } from './users';

// Data collection against the real server and a simulated device: a config is written in the
// form (a bad filter refused at its field first), assigned to the device, which reads its
// simulated status API and sends the values over MQTT; they show up counted per value and as the
// device's own rows, and what it could not read shows up in the logs.
let fleet: Simulator;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  const seed = 2 * (Date.now() % 4000) + 3001;
  fleet = startSimulator({ baseURL: baseURL ?? '', user: SUPER_ADMIN, devices: 1, seed });
  await expect
    .poll(() => fleet.output.some((line) => line.includes('connected=1/1')), { timeout: 90_000 })
    .toBe(true);
});

test.afterAll(async () => {
  await fleet?.stop();
});

test('a config is written, assigned to a device, and what it collects is shown', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Uptime ${Date.now() % 100_000}`;
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  await page.goto('/monitoring-templates/data-collection');
  await expect(page.getByRole('heading', { name: 'Data collection' })).toBeVisible();

  await page.getByRole('link', { name: 'New data collection config' }).first().click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  const period = page.getByRole('textbox', { name: /^Period \(s\)/ });
  await period.fill('60');
  const endpoint = page.getByRole('group', { name: 'Endpoint 1' });
  await endpoint.getByRole('combobox', { name: /^URL/ }).fill('/system/device/status');
  const first = endpoint.getByRole('group', { name: 'Variable 1' });
  await first.getByRole('textbox', { name: /^ID/ }).fill('uptime');
  const filter = first.getByRole('textbox', { name: /^Filter/ });
  await filter.fill('http_body.data.uptime');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(first.getByText('A filter starts with $')).toBeVisible();
  await filter.fill('$.http_body.data.uptime');
  await first.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'Integer' }).click();
  // A second variable the device cannot read: it is logged.
  await endpoint.getByRole('button', { name: 'Add variable' }).click();
  const second = endpoint.getByRole('group', { name: 'Variable 2' });
  await second.getByRole('textbox', { name: /^ID/ }).fill('missing');
  await second.getByRole('textbox', { name: /^Filter/ }).fill('$.http_body.data.nothing');
  await page.screenshot({ path: 'e2e/.artifacts/data-collection-form.png', fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();

  // The config's page: assign the simulated device.
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Assign devices' }).click();
  const assign = page.getByRole('dialog', { name: `Assign ${name}` });
  const picker = assign.getByRole('combobox', { name: /^Devices/ });
  const [device] = fleet.devices();
  await picker.fill(device?.serial ?? '');
  await page.getByRole('option', { name: new RegExp(device?.serial ?? '') }).click();
  await picker.blur();
  await assign.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(assign).toBeHidden();
  const status = page.getByRole('dialog', { name: `Data collection: ${name}` });
  if (await status.isVisible()) await status.press('Escape');

  // The device collects at once: its last data time appears, its values are counted.
  const assigned = page.getByRole('table', { name: 'Assigned devices' });
  await expect(async () => {
    await page.reload();
    await expect(assigned.getByRole('row').nth(1)).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  }).toPass({ timeout: 30_000 });

  await page.getByRole('tab', { name: 'Data' }).click();
  await expect(page.getByRole('table', { name: 'Values of uptime' }).getByRole('row')).toHaveCount(
    2,
  );
  await page.getByRole('combobox', { name: /^Device/ }).click();
  await page.getByRole('option').first().click();
  const rows = page.getByRole('table', { name: /^Data of / });
  await expect(rows.getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/data-collection-data.png', fullPage: true });

  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByText(/id \[missing\].*no value found/).first()).toBeVisible();
});

// Spec §2 "Upload device API documentation": a super admin uploads a firmware's OpenAPI document
// from the account menu; a config can then be written against it, its GET paths offered for URLs.
test('an uploaded device API documentation is offered to a new config with its paths', async ({
  page,
}) => {
  const version = `7.${Date.now() % 100_000}`;
  const document = {
    openapi: '3.0.0',
    info: { title: 'RutOS API', version },
    paths: {
      '/modems/status': { get: { summary: 'Modem status' } },
      '/system/reboot': { post: { summary: 'Reboot' } },
    },
  };
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  await page.goto('/monitoring-templates/data-collection');
  const form = await openAccountForm(page, 'Upload device API documentation');
  await form.locator('input[type="file"]').setInputFiles({
    name: `rutos-${version}.json`,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(document)),
  });
  await page.screenshot({ path: 'e2e/.artifacts/device-documentation-upload.png', fullPage: true });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Device API documentation uploaded successfully')).toBeVisible();
  await expect(form).toBeHidden();

  // The same system and version again, without overwrite: refused under the file.
  const again = await openAccountForm(page, 'Upload device API documentation');
  await again.locator('input[type="file"]').setInputFiles({
    name: `rutos-${version}.json`,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(document)),
  });
  await again.getByRole('button', { name: 'Submit' }).click();
  await expect(
    again.getByText('A documentation of this system and version exists already'),
  ).toBeVisible();
  await again.press('Escape');

  await page.getByRole('link', { name: 'New data collection config' }).first().click();
  await page.getByRole('combobox', { name: /^Device documentation/ }).click();
  await page.getByRole('option', { name: `rutos-${version}.json` }).click();
  await expect(page.getByText(`API rutos ${version}`)).toBeVisible();
  const url = page
    .getByRole('group', { name: 'Endpoint 1' })
    .getByRole('combobox', { name: /^URL/ });
  await url.click();
  await expect(page.getByRole('option', { name: /\/modems\/status/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /\/system\/reboot/ })).toHaveCount(0);
  await page.screenshot({ path: 'e2e/.artifacts/device-documentation-config.png', fullPage: true });
});

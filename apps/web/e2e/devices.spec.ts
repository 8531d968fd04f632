import { expect, test, type Page } from '@playwright/test';
import { acceptAgreementIfAsked, logIn } from './helpers';
import { startSimulator, type Simulator } from './simulator';
import { SUPER_ADMIN } from './users';

// The fleet table and the device page against the real server with the simulator running: one
// fleet stays up, a second one-device fleet is stopped to take its device offline.
const FLEET_SIZE = 6;
let fleet: Simulator;
let leaver: Simulator;
let leaverSerial = '';

const connected = (sim: Simulator, count: number) =>
  expect
    .poll(() => sim.output.some((line) => line.includes(`connected=${count}/${count}`)), {
      timeout: 90_000,
    })
    .toBe(true);

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  const common = { baseURL: baseURL ?? '', user: SUPER_ADMIN };
  // Fresh serials (the seed is their first four digits) on every run: a retried hook must not
  // meet the devices of the last attempt.
  const seed = 2 * (Date.now() % 4000) + 1000;
  leaver = startSimulator({ ...common, devices: 1, seed });
  fleet = startSimulator({ ...common, devices: FLEET_SIZE, seed: seed + 1 });
  await connected(leaver, 1);
  await connected(fleet, FLEET_SIZE);
  leaverSerial = leaver.devices()[0]?.serial ?? '';
});

test.afterAll(async () => {
  await Promise.all([fleet?.stop(), leaver?.stop()]);
});

const rowOf = (page: Page, serial: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: serial, exact: true }) });

test('the fleet table fills, follows the fleet live, filters and sorts', async ({ page }) => {
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  await page.goto('/management/devices');
  const table = page.getByRole('table', { name: 'Devices' });
  await expect(rowOf(page, leaverSerial).getByText('Online')).toBeVisible();
  for (const { serial } of fleet.devices()) {
    await expect(rowOf(page, serial).getByText('Online')).toBeVisible();
  }
  await page.screenshot({ path: 'e2e/.artifacts/devices-list.png' });

  // The device goes offline: the row changes without a reload.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  await leaver.stop();
  await expect(rowOf(page, leaverSerial).getByText('Offline')).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);

  // Filter by status: only the offline device is left.
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Offline' }).click();
  await expect(rowOf(page, leaverSerial)).toBeVisible();
  for (const { serial } of fleet.devices()) await expect(rowOf(page, serial)).toBeHidden();
  await expect(page).toHaveURL(/status=offline/);
  await page.goto('/management/devices');

  // Sort by serial, descending: the highest serial comes first (of every device: other specs'
  // fleets are in the same database).
  const everyDevice = await page.request.get('/api/devices?limit=1000&fields=serial', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  const serials = ((await everyDevice.json()) as { data: { serial: string }[] }).data
    .map((d) => d.serial)
    .sort();
  const serialHeader = table.getByRole('columnheader', { name: /Serial/ });
  await serialHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=serial/);
  await serialHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=-serial/);
  const firstSerial = table.getByRole('row').nth(1).getByRole('cell').nth(3);
  await expect(firstSerial).toHaveText(serials[serials.length - 1] ?? '');
});

interface ListedDevice {
  id: number;
  name: string;
  serial: string;
  has_gps: boolean;
}

test('a device page: reboot to completion, the map clusters positions, charts show data', async ({
  page,
}) => {
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  const serials = new Set(fleet.devices().map((d) => d.serial));
  const listed = await page.request.get('/api/devices?limit=100&status=1', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  const { data } = (await listed.json()) as { data: ListedDevice[] };
  const device = data.find((d) => serials.has(d.serial) && d.has_gps);
  if (!device) throw new Error('the simulated fleet has no GPS device online');

  await page.goto(`/management/devices?q=${device.serial}`);
  await rowOf(page, device.serial).getByRole('link', { name: device.name }).click();
  await expect(page.getByRole('heading', { name: device.name })).toBeVisible();
  await expect(page.getByText('Online').first()).toBeVisible();

  // Reboot: the device goes away and comes back; Action status follows it to the end.
  await page.getByRole('button', { name: 'Reboot' }).click();
  await page
    .getByRole('dialog', { name: 'Reboot device' })
    .getByRole('button', { name: 'Reboot' })
    .click();
  const status = page.getByRole('dialog', { name: `Reboot ${device.name}` });
  await expect(status).toContainText('Completed', { timeout: 30_000 });
  await page.screenshot({ path: 'e2e/.artifacts/device-reboot.png' });
  await page.keyboard.press('Escape');
  await expect(status).toBeHidden();

  // Each connection sends a GPS position: the boot and the reboot give two, one cluster. The
  // second one is stored with the next telemetry flush, which may come after 'Completed'.
  const since = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  await expect
    .poll(
      async () => {
        const history = await page.request.get(
          `/api/devices/${device.id}/locations/history?start_date=${since}`,
          { headers: { 'x-requested-with': 'XMLHttpRequest' } },
        );
        return ((await history.json()) as { data?: unknown[] }).data?.length ?? 0;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(2);
  await page.getByRole('tab', { name: 'Location' }).click();
  await expect(page.getByText('2 positions in this period')).toBeVisible();
  const map = page.getByRole('region', { name: 'Device location map' });
  await expect(map.locator('.nf-map-cluster')).toContainText('2', { timeout: 20_000 });

  await page.getByRole('tab', { name: 'Metrics' }).click();
  await expect(page.getByRole('img', { name: 'Temperature' })).toBeVisible();
  await expect(page.getByText('No readings in this period')).toBeHidden();
});

interface ListedHotspot {
  device_id: number;
  device_name: string;
  serial: string;
  ssid: string;
  /** RMS's device status name; `device_status` is the code. */
  status: string;
}

test('a hotspot user is added on the device and removed again', async ({ page }) => {
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  const serials = new Set(fleet.devices().map((d) => d.serial));
  // Hotspot readings come with each connection's first telemetry, stored at the next flush.
  let hotspot: ListedHotspot | undefined;
  await expect
    .poll(
      async () => {
        const listed = await page.request.get('/api/hotspots?limit=100', {
          headers: { 'x-requested-with': 'XMLHttpRequest' },
        });
        const { data } = (await listed.json()) as { data?: ListedHotspot[] };
        hotspot = data?.find((h) => serials.has(h.serial) && h.status === 'online');
        return hotspot !== undefined;
      },
      { timeout: 30_000, message: 'a hotspot of the simulated fleet, online' },
    )
    .toBe(true);
  if (!hotspot) throw new Error('the simulated fleet has no hotspot online');

  await page.goto(`/management/hotspots?q=${hotspot.serial}`);
  const label = `${hotspot.ssid} on ${hotspot.device_name}`;
  await page.getByRole('button', { name: `Actions for ${label}` }).click();
  await page.getByRole('menuitem', { name: 'Hotspot users' }).click();
  const users = page.getByRole('dialog', { name: 'Hotspot users' });
  const userTable = users.getByRole('table', { name: 'Users' });
  await expect(userTable).toBeVisible({ timeout: 15_000 });
  // A simulated hotspot has as many sessions as its telemetry counts users, which may be none.
  const sessions = users
    .getByRole('table', { name: 'Active sessions' })
    .or(users.getByText('Nobody is logged in to this hotspot'));
  await expect(sessions).toBeVisible({ timeout: 15_000 });

  // Added through a device job: Action status follows it, and the list read back has the user.
  const form = users.getByRole('form', { name: 'Add user' });
  await form.getByLabel(/^Username/).fill('e2e-lobby');
  await form.getByRole('textbox', { name: /^Password/ }).fill('lobby pass 1');
  await form.getByRole('button', { name: 'Add user' }).click();
  const added = page.getByRole('dialog', { name: /^Add hotspot user e2e-lobby/ });
  await expect(added).toContainText('Completed', { timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(added).toBeHidden();
  await expect(userTable.getByText('e2e-lobby', { exact: true })).toBeVisible({ timeout: 15_000 });

  await users.getByRole('button', { name: 'Remove e2e-lobby' }).click();
  await page
    .getByRole('dialog', { name: 'Remove hotspot user' })
    .getByRole('button', { name: 'Remove' })
    .click();
  const removed = page.getByRole('dialog', { name: /^Remove hotspot user e2e-lobby/ });
  await expect(removed).toContainText('Completed', { timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(userTable.getByText('e2e-lobby', { exact: true })).toBeHidden({ timeout: 15_000 });
});

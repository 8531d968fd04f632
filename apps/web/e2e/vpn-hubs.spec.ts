import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { acceptAgreementIfAsked, logIn } from './helpers';
import { startSimulator, type Simulator } from './simulator';
import { SUPER_ADMIN } from './users';

// VPN hubs end to end against the real server, whose hub host reports OpenVPN missing
// (scripts/e2e-server.mjs sets OPENVPN_PATH to nothing): the console says so and what fixes it,
// and hubs, clients, routes, profiles and quick connect all work without a running tunnel.
test.describe.configure({ mode: 'serial' });

// The simulator deals models in catalogue order, each first on its oldest firmware: the 15th
// device (a TRB500 on RutOS 07.11) is the first that can join a hub.
const FLEET_SIZE = 15;
const HUB = 'E2E office hub';
const LAPTOP = 'e2e-laptop';

let sim: Simulator;
/** A simulated device whose firmware (RutOS 07.06 or later) can join hubs. */
let device = { id: 0, name: '' };

/** RutOS 07.06+: older firmware has only the legacy VPN, which hubs do not serve. */
const JOINABLE_FIRMWARE = /_R_00\.07\.(0[6-9]|[1-9]\d)/;

test.beforeAll(async ({ baseURL, browser }) => {
  test.setTimeout(120_000);
  sim = startSimulator({
    devices: FLEET_SIZE,
    seed: 2 * (Date.now() % 4000) + 5001,
    baseURL: baseURL ?? '',
    user: SUPER_ADMIN,
  });
  await expect
    .poll(() => sim.output.some((line) => line.includes(`connected=${FLEET_SIZE}/${FLEET_SIZE}`)), {
      timeout: 90_000,
    })
    .toBe(true);
  const page = await browser.newPage();
  await logIn(page, SUPER_ADMIN);
  const ids = sim.devices().map((entry) => entry.id);
  const answer = await page.request.get('/api/devices', {
    params: { id: ids.join(','), fields: 'id,name,firmware', limit: FLEET_SIZE },
  });
  const { data } = (await answer.json()) as {
    data: { id: number; name: string; firmware: string | null }[];
  };
  const joinable = data.find((row) => JOINABLE_FIRMWARE.test(row.firmware ?? ''));
  expect(joinable, 'a simulated device on RutOS 07.06 or later').toBeDefined();
  device = { id: joinable?.id ?? 0, name: joinable?.name ?? '' };
  await page.close();
});

test.afterAll(async () => {
  await sim?.stop();
});

const signIn = async (page: Page) => {
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
};

/** Picks `name` in the top dialog's searchable picker labelled `label`. */
const pick = async (page: Page, label: string | RegExp, name: string) => {
  const input = page.getByRole('dialog').last().getByLabel(label);
  await input.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  // A multiple picker stays open for more: leaving it closes it.
  if ((await input.getAttribute('aria-expanded')) === 'true') await input.press('Tab');
};

test('a hub with a device, a custom user and a route; the user’s profile as QR and .ovpn', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/vpn/hubs');
  // The host cannot run OpenVPN here: the console says why and what fixes it, calmly.
  const banner = page
    .getByRole('alert')
    .filter({ hasText: 'VPN hubs cannot run on this server yet' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('To fix it:');
  await expect(banner).toContainText(/OPENVPN_PATH|OpenVPN/);

  await page.getByRole('button', { name: 'Add hub' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add VPN hub' });
  await add.getByLabel(/^Name/).fill(HUB);
  await add.getByLabel('Description').fill('Branch offices');
  await add.getByRole('button', { name: 'Add hub' }).click();
  await expect(add).toBeHidden();
  await expect(page).toHaveURL(/\/vpn\/hubs\/\d+$/);
  await expect(page.getByRole('heading', { name: HUB })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Details' })).toContainText('10.8.');
  await expect(page.getByText('VPN hub created successfully')).toHaveCount(0);
  await page.screenshot({ path: 'e2e/.artifacts/vpn-hub-general.png', fullPage: true });
  const hubUrl = page.url();

  // Name, description and tags from the general tab: checked before sending.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit VPN hub' });
  await expect(edit.getByLabel(/^Name/)).toHaveValue(HUB);
  await edit.getByLabel(/^Name/).fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('This field is required')).toBeVisible();
  await edit.getByLabel(/^Name/).fill(HUB);
  await edit.getByLabel('Description').fill('Branch offices and depots');
  await page.screenshot({ path: 'e2e/.artifacts/vpn-hub-edit.png' });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Branch offices and depots')).toBeVisible();

  // Clients: the device, then a custom user.
  await page.getByRole('tab', { name: 'Clients' }).click();
  await page.getByRole('button', { name: 'Add clients' }).first().click();
  await pick(page, /^Devices to add/, device.name);
  await page
    .getByRole('dialog', { name: 'Add clients' })
    .getByRole('button', { name: 'Add clients' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Add clients' })).toBeHidden();
  const clients = page.getByRole('table', { name: 'Clients' });
  await expect(clients.getByRole('link', { name: device.name })).toBeVisible();

  await page.getByRole('button', { name: 'Add clients' }).first().click();
  const addUser = page.getByRole('dialog', { name: 'Add clients' });
  await addUser.getByText('Custom user').click();
  await addUser.getByLabel(/^User name/).fill(LAPTOP);
  await addUser.getByRole('button', { name: 'Add clients' }).click();
  await expect(addUser).toBeHidden();
  await expect(clients.getByText(LAPTOP)).toBeVisible();
  // The toasts (4 s) would cover the table in the picture.
  await expect(page.getByText('VPN hub clients added successfully')).toHaveCount(0);
  await page.screenshot({ path: 'e2e/.artifacts/vpn-hub-clients.png', fullPage: true });

  // A LAN behind the device.
  await page.getByRole('tab', { name: 'Routes' }).click();
  await page.getByRole('button', { name: 'Add routes' }).first().click();
  const routes = page.getByRole('dialog', { name: 'Add routes' });
  await routes.getByLabel(/^Through device/).click();
  await page.getByRole('option', { name: device.name, exact: true }).click();
  await routes.getByLabel(/^Network/).fill('192.168.77.0');
  await routes.getByLabel(/^Name/).fill('Depot LAN');
  await routes.getByRole('button', { name: 'Add routes' }).click();
  await expect(routes).toBeHidden();
  await expect(page.getByRole('table', { name: 'Routes' })).toContainText(
    '192.168.77.0/255.255.255.0',
  );

  // The custom user's profile: a QR code and the .ovpn file.
  await page.goto(`${hubUrl}/clients`);
  await page.getByRole('button', { name: `Actions for ${LAPTOP}` }).click();
  await page.getByRole('menuitem', { name: 'Config' }).click();
  const config = page.getByRole('dialog', { name: 'Client configuration' });
  await expect(
    config.getByRole('img', { name: `QR code of the profile of ${LAPTOP}` }),
  ).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/vpn-config.png' });
  const download = page.waitForEvent('download');
  await config.getByRole('button', { name: 'Download .ovpn' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.ovpn$/);
  const profile = readFileSync(await file.path(), 'utf8');
  // The first directive (after the comment naming the hub) makes it a client profile.
  expect(profile.split('\n').find((line) => line.trim() && !line.startsWith('#'))).toBe('client');
  expect(profile).toContain('<ca>');

  await page.goto('/vpn/hubs');
  await expect(page.getByRole('link', { name: HUB })).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/vpn-hubs.png', fullPage: true });
});

test('quick connect: a hub to a device with a profile for me, and its empty connection logs', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/vpn/quick-connect');
  await page.getByRole('button', { name: 'Quick connect' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Quick connect' });
  await pick(page, /^Device/, device.name);
  await expect(dialog.getByLabel(/^Hub name/)).toHaveValue(device.name);
  await page.screenshot({ path: 'e2e/.artifacts/vpn-quick-connect.png' });
  await dialog.getByRole('button', { name: 'Connect' }).click();
  // The profile made for me opens at once.
  const config = page.getByRole('dialog', { name: 'Client configuration' });
  await expect(config.getByRole('img', { name: /^QR code of the profile/ })).toBeVisible();
  await expect(page).toHaveURL(/\/vpn\/quick-connect\/\d+\/clients$/);
  await config.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('table', { name: 'Profiles' })).toContainText(SUPER_ADMIN.email);
  // Showing the profile handed it out: the download is on record.
  await expect(page.getByRole('table', { name: 'Downloads' })).toContainText(SUPER_ADMIN.email);
  await page.screenshot({ path: 'e2e/.artifacts/vpn-quick-hub.png', fullPage: true });

  await page.getByRole('tab', { name: 'Connection logs' }).click();
  await expect(page.getByText('No connections yet')).toBeVisible();
});

test('hub zones: a super admin adds a zone hosted by an agent device, then deletes it', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/vpn/hubs');
  await page.getByRole('main').getByRole('link', { name: 'Hub zones' }).click();
  await expect(page).toHaveURL(/\/vpn\/zones$/);
  const zones = page.getByRole('table', { name: 'Hub zones' });
  await expect(zones.getByRole('row').filter({ hasText: 'local' })).toContainText('This server');

  const zone = `e2e-${Date.now() % 100_000}`;
  const addZone = async () => {
    await page.getByRole('button', { name: 'Add zone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add hub zone' });
    await dialog.getByLabel(/^Name/).fill(zone);
    await dialog.getByLabel(/^Visual name/).fill('E2E zone');
    await pick(page, /^Agent device/, device.name);
    await dialog.getByLabel(/^Host/).fill('e2e-zone.example.com');
    return dialog;
  };
  const add = await addZone();
  await page.screenshot({ path: 'e2e/.artifacts/vpn-zone-add.png' });
  await add.getByRole('button', { name: 'Add zone' }).click();
  await expect(add).toBeHidden();
  const row = zones.getByRole('row').filter({ hasText: zone });
  await expect(row).toContainText('E2E zone');
  await expect(row).toContainText(device.name);
  await expect(row).toContainText('e2e-zone.example.com');
  await expect(page.getByText('VPN hub zone created successfully')).toHaveCount(0);
  await page.screenshot({ path: 'e2e/.artifacts/vpn-zones.png', fullPage: true });

  // The same name again: the server's refusal shows at the field.
  const again = await addZone();
  await again.getByRole('button', { name: 'Add zone' }).click();
  await expect(again.getByText('A hub zone with this name already exists')).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: 'Delete E2E zone' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete hub zone' });
  await expect(confirm).toContainText('Delete the zone E2E zone?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});

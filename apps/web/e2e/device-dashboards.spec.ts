import { expect, test, type Page } from '@playwright/test';
import { acceptAgreementIfAsked, logIn } from './helpers';
import { startSimulator, type Simulator } from './simulator';
import { SUPER_ADMIN } from './users';

// Issue 21: a device's dashboards (tab, widgets, the standalone mobile page), its Dynamic DNS and
// site blocking actions, its eSIM profiles, the Wi-Fi QR code and the chart dialog, against the
// real server and simulated routers. The simulator deals models round-robin: the ninth device is
// a RUTX50, the catalogue's eSIM router with Wi-Fi.
const FLEET_SIZE = 9;
const RUTX50_INDEX = 8;
let fleet: Simulator;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  const seed = 2 * (Date.now() % 4000) + 9001;
  fleet = startSimulator({ baseURL: baseURL ?? '', user: SUPER_ADMIN, devices: FLEET_SIZE, seed });
  await expect
    .poll(() => fleet.output.some((line) => line.includes(`connected=${FLEET_SIZE}/`)), {
      timeout: 90_000,
    })
    .toBe(true);
});

test.afterAll(async () => {
  await fleet?.stop();
});

async function signIn(page: Page) {
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
}

test('a dashboard is made for a device, given widgets and opened on a phone', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const [device] = fleet.devices();
  if (!device) throw new Error('the simulator enrolled no device');
  await page.goto(`/devices/${device.id}`);
  await page.getByRole('tab', { name: 'Dashboards' }).click();
  await expect(page.getByText('This device has no dashboards yet')).toBeVisible();

  await page.getByRole('button', { name: 'New dashboard' }).first().click();
  const create = page.getByRole('dialog', { name: 'New dashboard' });
  await create.getByRole('textbox', { name: 'Name' }).fill('Uplink');
  await create.getByRole('button', { name: 'Create' }).click();
  // The dashboard page then adds its period to the URL (`?period=24h`).
  await expect(page).toHaveURL(new RegExp(`/devices/${device.id}/dashboards/\\d+(\\?|$)`));
  const dashboardId = /dashboards\/(\d+)/.exec(page.url())?.[1];

  await page.getByRole('button', { name: 'Add widget' }).click();
  const widget = page.getByRole('dialog', { name: 'Add widget' });
  await widget.getByRole('combobox', { name: 'Widget' }).click();
  await page.getByRole('option', { name: 'Current value' }).click();
  await widget.getByRole('combobox', { name: 'Metric' }).click();
  await page.getByRole('option', { name: 'Temperature' }).click();
  await widget.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(widget).toBeHidden();
  await page.getByRole('button', { name: 'Add widget' }).click();
  await widget.getByRole('combobox', { name: 'Widget' }).click();
  await page.getByRole('option', { name: 'Key facts' }).click();
  await widget.getByRole('button', { name: 'Add', exact: true }).click();
  const temperature = page.getByRole('region', { name: 'Temperature' });
  await expect(temperature).toBeVisible();
  await expect(page.getByRole('region', { name: 'Key facts' })).toContainText(device.serial);
  await page.screenshot({ path: 'test-results/device-dashboard.png', fullPage: true });

  // The standalone mobile page: the same widgets, no console around them.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/device/${device.id}/dashboard/${dashboardId}`);
  await expect(page.getByRole('region', { name: 'Temperature' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Key facts' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/device-dashboard-mobile.png', fullPage: true });
});

/** A simulated device whose firmware has Dynamic DNS and the web filter. */
async function capableDevice(page: Page): Promise<number> {
  for (const { id } of fleet.devices()) {
    const response = await page.request.get(`/api/devices/${id}`);
    const { data } = (await response.json()) as {
      data: { has_ddns: boolean; has_webfilter: boolean };
    };
    if (data.has_ddns && data.has_webfilter) return id;
  }
  throw new Error('no simulated device has both Dynamic DNS and site blocking');
}

test('Dynamic DNS and site blocking are set on a device from its page', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const id = await capableDevice(page);
  await page.goto(`/devices/${id}`);

  await page.getByRole('button', { name: 'Dynamic DNS' }).click();
  const ddns = page.getByRole('dialog', { name: 'Dynamic DNS' });
  // The factory service the simulated router ships with, read from the device.
  await expect(ddns.getByText(/\.dyndns\.org/)).toBeVisible({ timeout: 30_000 });
  await ddns.getByRole('button', { name: 'Add service' }).click();
  await ddns.getByRole('textbox', { name: 'Domain' }).fill('bad_domain');
  await ddns.getByRole('button', { name: 'Save and apply' }).click();
  await expect(ddns.getByText('Enter a domain name such as example.com')).toBeVisible();
  await ddns.getByRole('textbox', { name: 'Domain' }).fill('edge-e2e.duckdns.org');
  await ddns.getByRole('textbox', { name: 'Username' }).fill('e2e');
  await ddns.getByLabel('Password or token').fill('token-e2e');
  await ddns.getByRole('button', { name: 'Save and apply' }).click();
  await expect(ddns.getByText('edge-e2e.duckdns.org').first()).toBeVisible({ timeout: 45_000 });
  // The change list names the token's option but never shows the token.
  await expect(ddns.getByText(/token-e2e/)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/device-ddns.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(ddns).toBeHidden();

  await page.getByRole('button', { name: 'Site blocking' }).click();
  const blocking = page.getByRole('dialog', { name: 'Site blocking' });
  const domains = blocking.getByRole('textbox', { name: 'Domains' });
  await expect(domains).toBeVisible({ timeout: 30_000 });
  await blocking.getByRole('switch', { name: 'Site blocking on' }).check();
  await domains.fill('example.com\nnot a domain');
  await blocking.getByRole('button', { name: 'Apply' }).click();
  await expect(blocking.getByText(/Line 2: .not a domain. is not a domain name/)).toBeVisible();
  await domains.fill('example.com\nads.example.net');
  await blocking.getByRole('button', { name: 'Apply' }).click();
  await expect(blocking.getByText('ads.example.net').first()).toBeVisible({ timeout: 45_000 });
  await page.screenshot({ path: 'test-results/device-site-blocking.png', fullPage: true });
});

/** A simulated device that has reported its Wi-Fi networks (models and firmware differ). */
async function deviceWithWifi(page: Page): Promise<number> {
  for (const { id } of fleet.devices()) {
    const response = await page.request.get(`/api/devices/${id}/information-history`);
    const { data } = (await response.json()) as {
      data: { readings: { wireless?: { data: { interfaces: unknown[] } } } }[];
    };
    if (data[0]?.readings.wireless?.data.interfaces.length) return id;
  }
  throw new Error('no simulated device reported Wi-Fi networks');
}

test('an eSIM profile is added, a Wi-Fi network shared by QR code and a chart opened full size', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const device = fleet.devices().find((entry) => entry.serial.endsWith(String(RUTX50_INDEX)));
  const id = device?.id ?? fleet.devices()[RUTX50_INDEX]?.id;
  if (!id) throw new Error('the simulator enrolled no RUTX50');
  await page.goto(`/devices/${id}`);

  await page.getByRole('tab', { name: 'Network' }).click();
  await page.getByRole('button', { name: 'eSIM configuration' }).click();
  const esim = page.getByRole('dialog', { name: 'eSIM configuration' });
  const profiles = esim.getByRole('table', { name: 'eSIM profiles' });
  await expect(profiles.getByRole('row')).toHaveCount(2, { timeout: 30_000 });
  const code = esim.getByRole('textbox', { name: 'Activation code' });
  await code.fill('LPA:2$smdp.example.com');
  await esim.getByRole('button', { name: 'Add profile' }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await code.fill('LPA:1$smdp.example.com$E2E-MATCHING-ID');
  await esim.getByRole('button', { name: 'Add profile' }).click();
  const status = page.getByRole('dialog', { name: 'Add eSIM profile' });
  await expect(status.getByText('1 of 1 finished')).toBeVisible({ timeout: 45_000 });
  await status.getByRole('button', { name: 'Close' }).click();
  await expect(profiles.getByRole('row')).toHaveCount(3, { timeout: 20_000 });
  await page.screenshot({ path: 'test-results/device-esim.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(esim).toBeHidden();

  // RMS getEsimBootstrapStatus: the device is asked, its answer arrives on the status channel.
  await page.getByRole('button', { name: 'Check bootstrap profile' }).click();
  const bootstrap = page.getByRole('table', { name: 'Bootstrap profile' });
  await expect(bootstrap).toContainText('netfleet simulator (bootstrap)', { timeout: 30_000 });
  await page.screenshot({ path: 'test-results/device-esim-bootstrap.png', fullPage: true });

  await page.goto(`/devices/${await deviceWithWifi(page)}`);
  await page.getByRole('tab', { name: 'Services' }).click();
  await page
    .getByRole('button', { name: /^QR code of / })
    .first()
    .click();
  const qr = page.getByRole('dialog', { name: 'Wi-Fi QR code' });
  await qr.getByLabel('Network key').fill('e2e-wifi-key');
  await expect(qr.getByRole('img', { name: /^QR code to join / })).toBeVisible();
  await page.screenshot({ path: 'test-results/wifi-qr.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(qr).toBeHidden();

  await page.getByRole('tab', { name: 'Metrics' }).click();
  await page
    .getByRole('button', { name: /^Open .* full size$/ })
    .first()
    .click();
  const chart = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: 'Download CSV' }) });
  await expect(chart).toBeVisible();
  await page.screenshot({ path: 'test-results/chart-dialog.png', fullPage: true });
});

/** A simulated device with inputs/outputs and GPS. */
async function ioGpsDevice(page: Page): Promise<number> {
  for (const { id } of fleet.devices()) {
    const response = await page.request.get(`/api/devices/${id}`);
    const { data } = (await response.json()) as { data: { has_io: boolean; has_gps: boolean } };
    if (data.has_io && data.has_gps) return id;
  }
  throw new Error('no simulated device has both inputs/outputs and GPS');
}

test('a dashboard shows the inputs and outputs and the position of a device', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const id = await ioGpsDevice(page);
  await page.goto(`/devices/${id}/dashboards`);
  await page.getByRole('button', { name: 'New dashboard' }).first().click();
  const create = page.getByRole('dialog', { name: 'New dashboard' });
  await create.getByRole('textbox', { name: 'Name' }).fill('Field');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/devices/${id}/dashboards/\\d+`));

  const widget = page.getByRole('dialog', { name: 'Add widget' });
  for (const kind of ['Inputs and outputs', 'GPS position']) {
    await page.getByRole('button', { name: 'Add widget' }).click();
    await widget.getByRole('combobox', { name: 'Widget' }).click();
    await page.getByRole('option', { name: kind }).click();
    await widget.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(widget).toBeHidden();
  }
  await expect(page.getByRole('region', { name: 'Inputs and outputs' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'GPS position' })).toContainText(/Last fix/, {
    timeout: 30_000,
  });
  // The chosen period is kept in the link.
  await expect(page).toHaveURL(/period=/);
  await page.screenshot({ path: 'test-results/device-dashboard-io-gps.png', fullPage: true });
});

import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { acceptAgreementIfAsked, logIn } from './helpers';
import { startSimulator, type Simulator } from './simulator';
import { SUPER_ADMIN, SUPPORT_TARGET } from './users';
import { startVncServer, type VncServer } from './vnc-server';

// Remote access end to end: a simulated device (its own web UI, SSH, SFTP and telnet servers,
// and a real x11vnc desktop behind its port 5900) reached through its tunnel from Chromium.
test.describe.configure({ mode: 'serial' });

let sim: Simulator;
let vnc: VncServer;
let deviceId = 0;
let serial = '';
/** Links the super admin opened, which a user of another company then tries. */
const opened: { webui?: string; ssh?: string } = {};

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  vnc = await startVncServer(97, 15_901);
  sim = startSimulator({
    devices: 1,
    seed: 2 * (Date.now() % 4000) + 1001,
    baseURL: baseURL ?? '',
    user: SUPER_ADMIN,
    extraArgs: ['--vnc-target', `127.0.0.1:${vnc.port}`],
  });
  await expect
    .poll(() => sim.output.some((line) => line.includes('connected=1/1')), { timeout: 90_000 })
    .toBe(true);
  const device = sim.devices()[0];
  deviceId = device?.id ?? 0;
  serial = device?.serial ?? '';
});

test.afterAll(async () => {
  await sim?.stop();
  await vnc?.stop();
});

const signIn = async (page: Page) => {
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
};

/** Clicks through a connect dialog and returns the tab it opens. */
const openFromDialog = async (page: Page, title: string) => {
  const dialog = page.getByRole('dialog', { name: title });
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Open' }).click();
  return popup;
};

test("a device's web UI opens in its own tab and its absolute links work", async ({ page }) => {
  await signIn(page);
  await page.goto(`/devices/${deviceId}`);
  await page.getByRole('button', { name: 'Web UI' }).first().click();
  const webui = await openFromDialog(page, 'Web UI');
  await expect(webui.getByTestId('sim-webui')).toBeVisible();
  expect(new URL(webui.url()).hostname).toMatch(/^[0-9a-f]{32}\.localhost$/);
  await webui.getByLabel('Password').fill('admin01');
  await webui.getByRole('button', { name: 'Login' }).click();
  await expect(webui.getByText(serial)).toBeVisible();
  // Same-origin fetch() of the device's own page script.
  await expect(webui.getByTestId('sim-webui-rpc')).toHaveAttribute('data-state', 'ok');
  await webui.getByRole('link', { name: 'Network' }).click();
  await expect(webui).toHaveURL(/\/cgi-bin\/luci\/admin\/network\/interfaces$/);
  await expect(webui.getByRole('heading', { name: 'Interfaces' })).toBeVisible();
  await webui.screenshot({ path: 'e2e/.artifacts/remote-webui.png' });
  opened.webui = new URL(webui.url()).origin;
  await webui.close();
});

test('an SSH terminal in the browser answers uname -a', async ({ page }) => {
  await signIn(page);
  await page.goto(`/devices/${deviceId}`);
  await page.getByRole('button', { name: 'CLI' }).first().click();
  const cli = await openFromDialog(page, 'CLI');
  await expect(cli).toHaveURL(/\/rms-connect\/ssh\?session=\d+/);
  await cli.getByLabel('User name').fill('root');
  await cli.locator('input[type=password]').fill('admin01');
  await cli.getByRole('button', { name: 'Connect', exact: true }).click();
  const terminal = cli.getByTestId('terminal');
  await expect(terminal).toContainText('# ');
  await terminal.click();
  await cli.keyboard.type('uname -a');
  await cli.keyboard.press('Enter');
  await expect(terminal).toContainText('GNU/Linux');
  await cli.screenshot({ path: 'e2e/.artifacts/remote-ssh.png' });
  opened.ssh = cli.url();
  await cli.close();
});

/** Adds an access rule on /remote/access and connects it; returns the opened tab. */
const addAndConnect = async (page: Page, name: string, protocol: string, dialogTitle: string) => {
  await page.goto('/remote/access');
  await page.getByRole('button', { name: 'Add remote access' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add remote access' });
  await form.getByLabel('Device').fill(serial);
  await page.getByRole('option', { name: new RegExp(serial) }).click();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Protocol').click();
  await page.getByRole('option', { name: protocol, exact: true }).click();
  await form.getByRole('button', { name: 'Add remote access' }).click();
  await expect(form).toBeHidden();
  // RMS answers creation with a status channel; the console shows its progress.
  const status = page.getByRole('dialog', { name: 'Action status' });
  await expect(status).toContainText('created');
  await status.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Connect' }).click();
  return openFromDialog(page, dialogTitle);
};

test('SFTP: upload a file to the device and download it again', async ({ page }) => {
  await signIn(page);
  const files = await addAndConnect(page, 'Device files', 'SFTP', 'Connect to Device files');
  await expect(files).toHaveURL(/\/rms-connect\/sftp\?session=\d+/);
  await files.getByLabel('User name').fill('root');
  await files.locator('input[type=password]').fill('admin01');
  await files.getByRole('button', { name: 'Connect', exact: true }).click();
  const table = files.getByTestId('sftp-table');
  await expect(table).toContainText('README.txt');
  await files.locator('input[type=file]').setInputFiles({
    name: 'e2e-upload.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('uploaded through the tunnel\n'),
  });
  await expect(table).toContainText('e2e-upload.txt');
  const row = table.getByRole('row').filter({ hasText: 'e2e-upload.txt' });
  const download = files.waitForEvent('download');
  await row.getByRole('link', { name: 'Download' }).click();
  const path = await (await download).path();
  expect(readFileSync(path, 'utf8')).toBe('uploaded through the tunnel\n');
  await files.screenshot({ path: 'e2e/.artifacts/remote-sftp.png' });
  await files.close();
});

test("the device's VNC desktop shows in the browser", async ({ page }) => {
  await signIn(page);
  const desktop = await addAndConnect(page, 'Desktop', 'VNC', 'Connect to Desktop');
  await expect(desktop).toHaveURL(/\/rms-connect\/desktop\?session=\d+/);
  await desktop.getByLabel('VNC password').fill(vnc.password);
  await desktop.getByRole('button', { name: 'Send' }).click();
  await expect(desktop.getByText('Connected', { exact: true })).toBeVisible();
  await expect(desktop.getByTestId('vnc-screen').locator('canvas')).toBeVisible();
  await desktop.screenshot({ path: 'e2e/.artifacts/remote-desktop.png' });
  await desktop.close();
});

test('the access history lists all four sessions', async ({ page }) => {
  await signIn(page);
  await page.goto('/access-history');
  const table = page.getByRole('table');
  for (const type of ['Web UI', 'CLI', 'SFTP', 'VNC']) {
    await expect(table.getByRole('cell', { name: type, exact: true }).first()).toBeVisible();
  }
  await page.screenshot({ path: 'e2e/.artifacts/remote-history.png' });
});

test('a user of another company can use none of the links', async ({ page }) => {
  await logIn(page, SUPPORT_TARGET);
  await acceptAgreementIfAsked(page);
  await page.goto(opened.ssh ?? '/rms-connect/ssh?session=1');
  await expect(page.getByText('Session not found or not yours')).toBeVisible();
  await page.goto(opened.webui ?? 'http://0.localhost');
  await expect(page.getByTestId('proxy-error')).toContainText('belongs to another user');
  await page.goto(`/devices/${deviceId}`);
  await expect(page.getByRole('button', { name: 'Web UI' })).toHaveCount(0);
});

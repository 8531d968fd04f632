#!/usr/bin/env node
// Screenshots of the console's pages for docs/screenshots/, taken in Debian's Chromium against a
// running server (with a simulated fleet for live data):
//   SCREENSHOT_URL=http://127.0.0.1:8080 SCREENSHOT_EMAIL=… SCREENSHOT_PASSWORD=… node scripts/screenshots.mjs
// A device page is shot for the first online device that has GPS.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = process.env.SCREENSHOT_URL ?? 'http://127.0.0.1:8080';
const user = { email: process.env.SCREENSHOT_EMAIL, password: process.env.SCREENSHOT_PASSWORD };
const outDir = join(import.meta.dirname, '..', 'docs', 'screenshots');
const headers = { 'x-requested-with': 'XMLHttpRequest' };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
const login = await context.request.post('/account/login', { headers, data: user });
if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
const page = await context.newPage();
await page.goto('/management/devices');
// A new user meets the data agreement first (default theme).
const agreement = page.getByRole('dialog', { name: 'Data processing agreement' });
if (
  await agreement.waitFor({ timeout: 5000 }).then(
    () => true,
    () => false,
  )
) {
  await agreement.getByRole('button', { name: 'Accept' }).click();
  await agreement.waitFor({ state: 'hidden' });
}

const listed = await context.request.get('/api/devices?limit=100&status=1&sort=id', { headers });
const devices = (await listed.json()).data;
const device = devices.find((d) => d.has_gps && d.has_mobile) ?? devices[0];
const pages = [
  ['devices-list', '/management/devices'],
  ['device-activity', `/devices/${device.id}/activity`],
  ['device-connection-log', `/devices/${device.id}/activity/connection-log`],
  ['device-location', `/devices/${device.id}/location`],
  ['device-data-usage', `/devices/${device.id}/data-usage`],
  ['device-metrics-dynamic', `/devices/${device.id}/metrics/dynamic`],
  ['device-metrics-mobile-data', `/devices/${device.id}/metrics/mobile-data`],
  ['device-network', `/devices/${device.id}/network`],
  ['device-history', `/devices/${device.id}/monitoring-parameters-history`],
  ['monitoring-templates', '/monitoring-templates'],
  ['monitoring-template-create', '/monitoring-templates/create'],
  ['hotspots', '/management/hotspots'],
  ['wifi', '/management/wifi'],
  ['statistics-general', '/statistics/general'],
  ['statistics-months', '/statistics/months-stats'],
  ['statistics-online', '/statistics/online-devices'],
  ['statistics-unique', '/statistics/unique-devices'],
  ['statistics-connection-manager', '/statistics/connection-manager'],
  ['statistics-action-logs', '/statistics/action-logs'],
];
mkdirSync(outDir, { recursive: true });
for (const [name, path] of pages) {
  await page.goto(path);
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: join(outDir, `${name}.png`) });
  console.log(`${name}: ${path}`);
}

/** Dialogs and menus opened from the pages above: [file, page, the steps that open it]. */
const interactions = [
  [
    'devices-row-menu',
    '/management/devices',
    async () => {
      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await page.getByRole('menu').waitFor();
    },
  ],
  [
    'device-position-form',
    `/devices/${device.id}/location`,
    async () => {
      await page.getByRole('button', { name: 'Set position' }).click();
      await page.getByRole('dialog').waitFor();
    },
  ],
  [
    'hotspot-users',
    '/management/hotspots',
    async () => {
      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await page.getByRole('menuitem').first().click();
      await page.getByRole('dialog').getByRole('table').first().waitFor({ timeout: 15_000 });
    },
  ],
];
for (const [name, path, open] of interactions) {
  await page.goto(path);
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  await open();
  await page.waitForTimeout(1000);
  await page.screenshot({ path: join(outDir, `${name}.png`) });
  console.log(`${name}: ${path}`);
}
await browser.close();

// The fleet table in Chromium at 100k devices: time from navigation to the first rows (a cold
// first visit, then warm reloads), the time a page change takes, and scroll smoothness through a
// virtualised 1000-row page (frame intervals while scrolling). Also the console's initial
// JavaScript (gzip) from the build it serves. Embedded PGlite, the real server in this process.
// Run with `npm run bench`; writes bench/results/devices-page.json.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '@/app';
import { openDatabase } from '@/bootstrap';
import { loadConfig } from '@/config';
import { initialJavaScript } from '../scripts/bundle-size.mjs';
import { insertFleet } from './lib/fleet-seed';
import { FIRST_ELEMENT_AT, firstElementProbe, scrollFramesProbe } from './lib/page-probes';
import { percentile, printTable, round, writeReport } from './lib/report';

const ADMIN = { email: 'bench@netfleet.test', password: 'bench-password-1' };
const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const LOADS = 10;
const PAGE_CHANGES = 10;
const SCROLL_MS = 4000;
const ROOT = join(import.meta.dirname, '..');
const WEB_DIST = join(ROOT, 'apps', 'web', 'dist');
/** A data row of the fleet table: it links to its device page. */
const ROW = 'table tbody tr a[href^="/devices/"]';
const TARGETS = { first_rows_p95_ms: 1000, initial_js_gzip_kb: 250, scroll_p95_frame_ms: 50 };

const timeToFirstRows = async (page: Page, path: string) => {
  await page.goto(path);
  await page.waitForSelector(ROW);
  return page.evaluate<number>(FIRST_ELEMENT_AT);
};

/** Next-page clicks: from the click until the first row shows another device. */
const pageChanges = async (page: Page) => {
  const times: number[] = [];
  for (let i = 0; i < PAGE_CHANGES; i++) {
    const before = await page.locator(ROW).first().getAttribute('href');
    const started = Date.now();
    await page.getByRole('button', { name: /next page/i }).click();
    await page.waitForFunction(
      `document.querySelector(${JSON.stringify(ROW)})?.getAttribute('href') !== ${JSON.stringify(before)}`,
    );
    times.push(Date.now() - started);
  }
  return times.sort((a, b) => a - b);
};

if (!process.env.BENCH_SKIP_BUILD) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@netfleet/web'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const bundle = initialJavaScript(WEB_DIST);

const config = loadConfig({
  HOST: '127.0.0.1',
  PORT: '0',
  NETFLEET_ADMIN_EMAIL: ADMIN.email,
  NETFLEET_ADMIN_PASSWORD: ADMIN.password,
  WEB_DIST,
  LOG_LEVEL: 'silent',
});
const { database, seed } = await openDatabase(config, { memory: true });
const app = await buildApp({ config, db: database.db, jwtSecret: seed.jwtSecret, logger: false });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
});
try {
  const seeded = performance.now();
  await insertFleet(database.db, DEVICES);
  console.log(`${DEVICES} devices inserted in ${round((performance.now() - seeded) / 1000)} s`);
  const base = await app.listen({ host: config.host, port: 0 });
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1440, height: 900 },
  });
  await context.addInitScript({ content: firstElementProbe(ROW) });
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  const login = await context.request.post('/account/login', { headers, data: ADMIN });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
  const page = await context.newPage();
  // A new user meets the data agreement first; accepted once, it stays accepted.
  await page.goto('/management/devices');
  const agreement = page.getByRole('dialog', { name: 'Data processing agreement' });
  await agreement.getByRole('button', { name: 'Accept' }).click();
  await agreement.waitFor({ state: 'hidden' });

  const loads: number[] = [];
  for (let i = 0; i < LOADS; i++) loads.push(await timeToFirstRows(page, '/management/devices'));
  const cold = loads[0] ?? Number.NaN;
  const warm = loads.slice(1).sort((a, b) => a - b);
  const changes = await pageChanges(page);

  await timeToFirstRows(page, '/management/devices?limit=1000');
  const frames = await page.evaluate<number[]>(scrollFramesProbe(SCROLL_MS));
  const sortedFrames = [...frames].sort((a, b) => a - b);
  const longFrames = frames.filter((ms) => ms > 50).length;

  const result = {
    devices: DEVICES,
    first_rows_cold_ms: round(cold),
    first_rows_warm_p50_ms: round(percentile(warm, 50)),
    first_rows_warm_p95_ms: round(percentile(warm, 95)),
    page_change_p50_ms: round(percentile(changes, 50)),
    page_change_p95_ms: round(percentile(changes, 95)),
    scroll_frames: frames.length,
    scroll_fps: round((frames.length * 1000) / SCROLL_MS),
    scroll_p95_frame_ms: round(percentile(sortedFrames, 95)),
    scroll_long_frames_pct: round((longFrames / Math.max(1, frames.length)) * 100),
    initial_js_kb: round(bundle.bytes / 1024),
    initial_js_gzip_kb: round(bundle.gzip / 1024),
  };
  printTable([Object.keys(result), Object.values(result).map(String)]);
  const met = {
    first_rows: result.first_rows_warm_p95_ms < TARGETS.first_rows_p95_ms,
    initial_js: result.initial_js_gzip_kb <= TARGETS.initial_js_gzip_kb,
    scroll: result.scroll_p95_frame_ms < TARGETS.scroll_p95_frame_ms,
  };
  console.log(`targets ${JSON.stringify(TARGETS)}: ${JSON.stringify(met)}`);
  writeReport('devices-page', result, { targets: TARGETS, met });
} finally {
  await browser.close();
  await app.close();
  await database.close();
}

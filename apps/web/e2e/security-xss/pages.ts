import { expect, type Page, type Request } from '@playwright/test';
import { automationMailTo } from './seed-automation';
import { Seeds } from './seeds';

/** A page to open, and what to click on it where a string shows only in a dialog or drawer. */
export interface Visit {
  path: string;
  open?: (page: Page) => Promise<void>;
}

/** What the seeding made, by what the pages are addressed with. */
export interface SeededIds {
  deviceId: number;
  serial: string;
  /** The registered user's address (the user list is searched for it). */
  email: string;
  dashboardId: number;
  companyId: number;
  tagId: number;
  groupId: number;
  automationId: number;
  configId: number;
  generatedId: number;
  ruleId: number;
  hubId: number;
  quickHubId: number;
}

/** How long the page must have sent no API request before it counts as settled. */
const QUIET_MS = 500;

/** Follows the page's API requests; the answer waits until none is in flight for a while. */
export function trackRequests(page: Page): () => Promise<void> {
  let inFlight = 0;
  let lastActivity = Date.now();
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (!isApi(request)) return;
    inFlight += 1;
    lastActivity = Date.now();
  });
  const done = (request: Request) => {
    if (!isApi(request)) return;
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  // A page fed by live updates (devices of earlier specs still report) may never go quiet: then
  // what it shows is read after a few seconds; the loader check and each field's text check remain.
  return () =>
    expect
      // Probed every 100 ms: the default back-off (up to 1 s apart) made most of the spec's time.
      .poll(() => inFlight <= 0 && Date.now() - lastActivity >= QUIET_MS, {
        timeout: 5_000,
        intervals: [100],
      })
      .toBe(true)
      .catch(() => undefined);
}

/**
 * What the page holds, in one round trip: the marker a payload that ran sets, injected elements,
 * and its text with the values of its form fields (an edit form shows a string there).
 */
const inspect = (page: Page) =>
  page.evaluate(() => ({
    ran: (window as { __xss?: unknown }).__xss ?? null,
    injected: {
      handlers: [...document.querySelectorAll('[onerror],[onload]')].map((e) => e.outerHTML),
      scripts: [...document.querySelectorAll('script')]
        .filter((s) => !s.src || new URL(s.src).origin !== location.origin)
        .map((s) => s.outerHTML),
      links: [
        ...document.querySelectorAll('a[href^="javascript:" i],img[src^="javascript:" i]'),
      ].map((e) => e.outerHTML),
    },
    text: [
      document.body.innerText,
      ...[...document.querySelectorAll('input, textarea')].map(
        (field) => (field as HTMLInputElement).value,
      ),
    ].join('\n'),
  }));

/**
 * Nothing ran, nothing became an element, nothing was blocked by the content security policy.
 * Answers the page's text.
 */
async function expectInert(page: Page, where: string, violations: string[]): Promise<string> {
  const { ran, injected, text } = await inspect(page);
  expect(ran, where).toBeNull();
  expect(injected, where).toEqual({ handlers: [], scripts: [], links: [] });
  expect(violations, where).toEqual([]);
  return text;
}

/**
 * Waits until the page has loaded what it shows: no API request for a while and no loader or
 * skeleton left (a busy machine renders well after the network has gone quiet).
 */
async function loaded(page: Page, settled: () => Promise<void>, where: string) {
  await settled();
  const busy = page
    .locator('.mantine-Loader-root, .mantine-Skeleton-root')
    .filter({ visible: true });
  await expect
    .poll(() => busy.count(), { message: `${where} keeps loading`, intervals: [100] })
    .toBe(0);
  await settled();
}

/** Opens a visit, checks it is inert before and after its click, and answers what it showed. */
export async function visit(
  page: Page,
  target: Visit,
  settled: () => Promise<void>,
  violations: string[],
): Promise<string> {
  // Not 'networkidle': a page that polls or follows live updates never gets there.
  await page.goto(target.path);
  await loaded(page, settled, target.path);
  const text = await expectInert(page, target.path, violations);
  if (!target.open) return text;
  await target.open(page);
  await loaded(page, settled, `${target.path} (opened)`);
  return `${text}\n${await expectInert(page, `${target.path} (opened)`, violations)}`;
}

/** Clicks an item of the row menu of the table row that has `rowText`. */
const rowMenu = (rowText: string, item: string) => async (page: Page) => {
  const row = page.getByRole('row').filter({ hasText: rowText }).first();
  await row.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
  await expect(page.getByRole('dialog').first()).toBeVisible();
};

/** Clicks the table row that has `rowText`; the dialog it opens shows the rest. */
const rowDialog = (rowText: string) => async (page: Page) => {
  await page.getByRole('row').filter({ hasText: rowText }).first().click({ timeout: 30_000 });
  await expect(page.getByRole('dialog').first()).toBeVisible();
};

/** Shows a table column that is hidden until chosen. */
const showColumn = (name: string) => async (page: Page) => {
  await page.getByRole('button', { name: 'Columns' }).first().click();
  await page.getByRole('menuitemcheckbox', { name }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name })).toBeVisible();
};

/** The device's alert configurations (a dialog), and the e-mail one's form with its subject. */
const deviceAlerts = (seeds: Seeds) => async (page: Page) => {
  await page.getByRole('button', { name: 'Device alerts' }).click();
  const dialog = page.getByRole('dialog').first();
  const message = Seeds.idOf(seeds.value('alert configuration', 'data.1.message'));
  await dialog
    .getByRole('row')
    .filter({ hasText: message })
    .getByRole('button', { name: /^Edit/ })
    .click();
  await expect(dialog.getByRole('textbox', { name: 'Subject' })).toBeVisible();
};

/** Every page that shows a seeded string, with its tabs, detail pages and dialogs. */
export function pagesOf(ids: SeededIds, seeds: Seeds): Visit[] {
  const device = (tab = '') => `/devices/${String(ids.deviceId)}${tab ? `/${tab}` : ''}`;
  const paths = [
    '/',
    '/management/devices',
    `/management/devices?q=${ids.serial}`,
    ...[
      '',
      'activity/device-logs',
      'activity/connection-log',
      'alerts',
      'location',
      'dashboards',
      `dashboards/${String(ids.dashboardId)}`,
      'data-usage',
      'ports-and-access',
      'services',
      'network',
      'monitoring-parameters-history',
      'metrics/dynamic',
      'metrics/mobile-data',
      'metrics/io',
      'metrics/gps',
    ].map(device),
    '/management/wifi',
    '/management/hotspots',
    '/tags',
    `/tag/${String(ids.tagId)}`,
    `/users?q=${ids.email}`,
    '/users/roles',
    '/account',
    '/management/automations',
    `/management/automations/${String(ids.automationId)}`,
    `/management/automations/${String(ids.automationId)}/logs`,
    `/management/automations/edit/${String(ids.automationId)}`,
    '/monitoring-templates',
    '/monitoring-templates/data-collection',
    ...['devices', 'logs', 'data'].map(
      (tab) => `/monitoring-templates/data-collection/${String(ids.configId)}?tab=${tab}`,
    ),
    `/monitoring-templates/data-collection/edit/${String(ids.configId)}`,
    '/reports/periodic/day',
    `/report/generated/${String(ids.generatedId)}`,
    '/management/files',
    '/management/files/images',
    '/remote/access',
    `/vpn/hubs/${String(ids.hubId)}`,
    `/vpn/quick-connect/${String(ids.quickHubId)}`,
    `/vpn/quick-connect/${String(ids.quickHubId)}/clients`,
    '/resources/codes',
    '/notices',
    '/notifications',
    '/email-smtp',
  ];
  const automationMail = seeds.value('automation', 'conditions_body.0.actions.1.options.subject');
  return [
    ...paths.map((path) => ({ path })),
    { path: device(), open: deviceAlerts(seeds) },
    {
      path: `/management/task-manager?q=${encodeURIComponent(Seeds.idOf(seeds.value('task group', 'name')))}`,
      open: rowMenu(seeds.value('task group', 'name'), 'Edit'),
    },
    {
      path: `/system/mail-logs?q=${encodeURIComponent(automationMailTo(seeds.run))}`,
      open: rowDialog(automationMail),
    },
    { path: '/resources', open: showColumn('Pro forma number') },
    {
      path: `/device-configuration?q=${encodeURIComponent(Seeds.idOf(seeds.value('configuration template', 'name')))}`,
      open: rowMenu(seeds.value('configuration template', 'name'), 'Edit'),
    },
  ];
}

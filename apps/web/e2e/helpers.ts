import { expect, type Page, type Request } from '@playwright/test';

export async function logIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** The default theme asks for the data agreement until it is accepted once. */
export async function acceptAgreementIfAsked(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Data processing agreement' });
  if (await dialog.isVisible().catch(() => false)) {
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toBeHidden();
  }
}

export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('menu');
}

/** Opens a form of the account menu's Forms submenu; returns its dialog. */
export async function openAccountForm(page: Page, title: string) {
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Forms' }).hover();
  await page.getByRole('menuitem', { name: title, exact: true }).click();
  return page.getByRole('dialog', { name: title });
}

/** How long the page must have sent no API request before it counts as settled. */
const QUIET_MS = 500;

/**
 * Follows the page's API requests: the bell's reads of the notification list (one on load and
 * one once its realtime subscription is confirmed; the second may cancel the first) and whatever
 * else the first screen loads (the home page's device list comes later than the bell). `settled()`
 * waits for both bell reads and for half a second without an API request in flight, after which
 * the page sends nothing on its own and anything new can only arrive over the socket.
 * Call before the page signs in.
 */
export function watchBellReads(page: Page) {
  let reads = 0;
  let settledReads = 0;
  let inFlight = 0;
  let lastActivity = Date.now();
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  const isList = (request: Request) => new URL(request.url()).pathname === '/api/notifications';
  page.on('request', (request) => {
    if (isList(request)) reads += 1;
    if (isApi(request)) {
      inFlight += 1;
      lastActivity = Date.now();
    }
  });
  const settle = (request: Request) => {
    if (isList(request)) settledReads += 1;
    if (isApi(request)) {
      inFlight -= 1;
      lastActivity = Date.now();
    }
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  const quiet = () => inFlight === 0 && Date.now() - lastActivity >= QUIET_MS;
  return {
    reads: () => reads,
    settled: () => expect.poll(() => reads >= 2 && settledReads === reads && quiet()).toBe(true),
  };
}

/** The headers a signed-in page's own API writes carry (page.request shares its cookies). */
export async function xsrfHeaders(page: Page) {
  const cookies = await page.context().cookies();
  return {
    'X-Requested-With': 'XMLHttpRequest',
    'X-XSRF-TOKEN': cookies.find((c) => c.name === 'RMS-XSRF-TOKEN')?.value ?? '',
  };
}

/** The signed-in user's company id (GET /api/user answers the user, RMS-style, without envelope). */
export async function ownCompanyId(page: Page): Promise<number> {
  const body = (await (await page.request.get('/api/user')).json()) as {
    company_id?: number;
    data?: { company_id: number };
  };
  const id = body.company_id ?? body.data?.company_id;
  if (id === undefined) throw new Error('GET /api/user named no company');
  return id;
}

import { expect, test } from '@playwright/test';
import { acceptAgreementIfAsked, logIn, openAccountMenu } from './helpers';
import { SUPER_ADMIN } from './users';

test('the super admin logs in, sees the menu, switches dark mode and time zone, logs out', async ({
  page,
  context,
}) => {
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);

  // Signing in lands on the default start page, the fleet table.
  await expect(page).toHaveURL(/\/management\/devices$/);
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
  const nav = page.locator('nav');
  await expect(nav.getByText('Administration')).toBeVisible();
  await expect(nav.getByText('System')).toBeVisible();
  await nav.getByText('System').click();
  await nav.getByRole('link', { name: 'Mail logs' }).click();
  await expect(page).toHaveURL(/\/system\/mail-logs$/);
  await expect(page.getByRole('heading', { name: 'Mail logs' })).toBeVisible();

  // Dark mode: enabled, then back to auto.
  let menu = await openAccountMenu(page);
  await menu.getByText('Enabled', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  menu = await openAccountMenu(page);
  await menu.getByText('Disabled', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.keyboard.press('Escape');

  // Time zone: stored in a cookie, toast, page reloads.
  menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'System timezone' }).click();
  const dialog = page.getByRole('dialog', { name: 'System timezone' });
  await dialog.getByRole('combobox', { name: 'System timezone' }).fill('Asia/Tokyo');
  await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Timezone updated successfully')).toBeVisible();
  await reloaded;
  await expect(page.getByRole('heading', { name: 'Mail logs' })).toBeVisible();
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'timezone')?.value)
    .toBe(encodeURIComponent('Asia/Tokyo'));

  // Log out: back to the sign-in page, and the session is gone.
  menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/(login|logout)/);
  const me = await page.request.get('/api/user');
  expect(me.status()).toBe(401);
});

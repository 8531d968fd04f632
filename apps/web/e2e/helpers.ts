import { expect, type Page } from '@playwright/test';

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

import { expect, test } from '@playwright/test';
import { acceptAgreementIfAsked, logIn } from './helpers';
import { ADVANCED_GUEST, GUEST } from './users';

test('an Advanced Guest sees a smaller menu and is kept to permitted pages', async ({ page }) => {
  await logIn(page, ADVANCED_GUEST);
  await acceptAgreementIfAsked(page);
  await expect(page).toHaveURL(/\/management\/devices$/);
  const nav = page.locator('nav');
  await nav.getByText('Administration').click();
  await expect(nav.getByRole('link', { name: 'Companies' })).toBeVisible();
  await expect(nav.getByText('System')).toHaveCount(0);

  // A page without permission, and an unknown path, both send the user to the first permitted page.
  await page.goto('/system/mail-logs');
  await expect(page).toHaveURL(/\/management\/devices$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/management\/devices$/);
  // Demonstration only: devices and companies are shown, nothing can be added.
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add device' })).toHaveCount(0);
  await page.goto('/companies');
  await expect(page.getByRole('heading', { name: 'Companies' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New company' })).toHaveCount(0);

  // The API enforces the same rule.
  const response = await page.request.get('/api/mail-logs');
  expect(response.status()).toBe(403);
  expect((await response.json()).success).toBe(false);
});

test('a Guest accepts the data agreement once and lands on its own devices', async ({ page }) => {
  await logIn(page, GUEST);
  // Default theme: the agreement comes first and stays accepted (only this test signs in as the Guest).
  const agreement = page.getByRole('dialog', { name: 'Data processing agreement' });
  await expect(agreement).toBeVisible();
  await agreement.getByRole('button', { name: 'Accept' }).click();
  await expect(agreement).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(agreement).toHaveCount(0);
  // A Guest starts on its own company's devices and cannot reach user administration.
  await expect(page).toHaveURL(/\/management\/devices$/);
  const nav = page.locator('nav');
  await expect(nav.getByRole('link', { name: 'Devices' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await page.goto('/users/impersonation-logs');
  await expect(page).toHaveURL(/\/management\/devices$/);
  await expect(page.getByRole('button', { name: 'Add device' })).toHaveCount(0);
  await page.goto('/tags');
  await expect(page.getByRole('button', { name: 'New tag' })).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { acceptAgreementIfAsked, logIn } from './helpers';
import { SUPER_ADMIN } from './users';

// Spec §9 monitoring entries on the template form: every parameter named with its costs per message
// down and up (the spec's for dynamic, measured ones for the rest); saved and listed.
test('a monitoring template shows each parameter with its costs and is saved', async ({ page }) => {
  const name = `E2E template ${Date.now() % 100_000}`;
  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  await page.goto('/monitoring-templates/create');
  const table = page.getByRole('table', { name: 'Parameters' });
  const row = (label: string) =>
    table.getByRole('row').filter({ has: page.getByRole('cell', { name: label, exact: true }) });
  await expect(row('Dynamic').getByRole('cell', { name: '0.42 KB' })).toBeVisible();
  await expect(row('Dynamic').getByRole('cell', { name: '1 KB', exact: true })).toBeVisible();
  // GPS: the broker's 4-byte acknowledgement down, a 160-byte reading up (MONITORING, measured).
  await expect(row('GPS').getByRole('cell', { name: '0.004 KB', exact: true })).toBeVisible();
  await expect(row('GPS').getByRole('cell', { name: '0.156 KB', exact: true })).toBeVisible();
  await expect(table.getByText('Unknown')).toHaveCount(0);
  await page.screenshot({ path: 'e2e/.artifacts/monitoring-template-form.png', fullPage: true });

  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/monitoring-templates$/);
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { acceptAgreementIfAsked, logIn, openAccountMenu } from './helpers';
import { PASSWORD_CHANGER } from './users';

test('a user changes the password and signs in with the new one', async ({ page }) => {
  const newPassword = 'a-brand-new-passphrase';
  await logIn(page, PASSWORD_CHANGER);
  await acceptAgreementIfAsked(page);
  await page.goto('/account');

  const section = page.getByRole('region', { name: 'Password' });
  await section.getByLabel(/^Current password/).fill('not-my-password');
  await section.getByLabel(/^New password/).fill(newPassword);
  await section.getByLabel(/^Confirm new password/).fill(newPassword);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('The password is not correct')).toBeVisible();

  await section.getByLabel(/^Current password/).fill(PASSWORD_CHANGER.password);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Other sessions were signed out.')).toBeVisible();

  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/(login|logout)/);
  await logIn(page, { email: PASSWORD_CHANGER.email, password: newPassword });
});

import { expect, test } from '@playwright/test';
import { acceptAgreementIfAsked, logIn } from './helpers';
import { waitForMail } from './mail';
import { PASSWORD_CHANGER } from './users';

// A user who forgot the password asks for a link, follows it from the mail, chooses a new
// password and signs in with it; the used link is refused after. The password is changed back
// at the end (account page) so the other journeys keep the seeded one.
test('a user resets a forgotten password through the e-mailed link', async ({ page }) => {
  const newPassword = 'a-reset-passphrase-2026';
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/account\/forgot-password/);
  await page.getByLabel(/^E-mail/).fill(PASSWORD_CHANGER.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toContainText(
    `If an account exists for ${PASSWORD_CHANGER.email}, we sent a link to it.`,
  );
  await page.screenshot({ path: 'test-results/password-forgot.png', fullPage: true });

  const [link] = await waitForMail(
    PASSWORD_CHANGER.email,
    /https?:\/\/[^\s]+\/account\/reset-password\?token=[^\s]+/,
  );
  const { pathname, search } = new URL(link);
  await page.goto(`${pathname}${search}`);
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm new password/).fill(newPassword);
  await page.screenshot({ path: 'test-results/password-reset.png', fullPage: true });
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(
    page.getByText('Your password has been changed. Sign in with the new one.'),
  ).toBeVisible();

  // The link works once.
  await page.goto(`${pathname}${search}`);
  await page.getByLabel(/^New password/).fill('another-passphrase-77');
  await page.getByLabel(/^Confirm new password/).fill('another-passphrase-77');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();

  await logIn(page, { email: PASSWORD_CHANGER.email, password: newPassword });
  await acceptAgreementIfAsked(page);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Password' });
  await section.getByLabel(/^Current password/).fill(newPassword);
  await section.getByLabel(/^New password/).fill(PASSWORD_CHANGER.password);
  await section.getByLabel(/^Confirm new password/).fill(PASSWORD_CHANGER.password);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Other sessions were signed out.')).toBeVisible();
});

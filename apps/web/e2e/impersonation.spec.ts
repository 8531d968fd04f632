import { expect, test } from '@playwright/test';
import {
  acceptAgreementIfAsked,
  logIn,
  openAccountMenu,
  watchBellReads,
  xsrfHeaders,
} from './helpers';
import { SUPER_ADMIN, SUPPORT_STAFF, SUPPORT_TARGET } from './users';

test('a user grants access, the super admin impersonates them and cancels; the log records it', async ({
  browser,
}) => {
  // The user grants support access for 7 days from the account page.
  const userPage = await (await browser.newContext()).newPage();
  await logIn(userPage, SUPPORT_TARGET);
  await acceptAgreementIfAsked(userPage);
  await userPage.goto('/account');
  await userPage.getByRole('radio', { name: '7 days' }).check({ force: true });
  await userPage.getByRole('button', { name: 'Grant access' }).click();
  // Granting access is sensitive: the server asks for the password first (spec §8 423).
  const confirm = userPage.getByRole('dialog', { name: 'Confirm your password' });
  await confirm.getByLabel(/^Password/).fill('wrong-password');
  await confirm.getByLabel(/^Password/).press('Enter');
  // Wait for the refusal: a second submit while the first is in flight is ignored by design.
  await expect(confirm.getByText('The password is not correct')).toBeVisible();
  await confirm.getByLabel(/^Password/).fill(SUPPORT_TARGET.password);
  await confirm.getByLabel(/^Password/).press('Enter');
  await expect(confirm).toBeHidden();
  await expect(userPage.getByText(/Support can impersonate you until/)).toBeVisible();
  // RMS GET /user: the user's fields are at the top level of the body.
  const target = await (await userPage.request.get('/api/user')).json();

  // The super admin starts impersonating (the users list that offers this comes with administration).
  const adminPage = await (await browser.newContext()).newPage();
  const bellReads = watchBellReads(adminPage);
  await logIn(adminPage, SUPER_ADMIN);
  await acceptAgreementIfAsked(adminPage);
  // Started out of band below (as an API client would): wait until the page's own requests are
  // done, or one of them may still carry the pre-impersonation token and race the new cookies.
  await bellReads.settled();
  const started = await adminPage.request.post(`/api/users/${target.id}/impersonate`, {
    headers: await xsrfHeaders(adminPage),
  });
  expect(started.status()).toBe(200);
  await adminPage.goto('/');
  await expect(adminPage.getByRole('status')).toHaveText(
    `Currently impersonating user ${SUPPORT_TARGET.email}, Demo Company #${target.company_id}`,
  );
  const menu = await openAccountMenu(adminPage);
  await expect(menu.getByRole('menuitem', { name: 'Account settings' })).toHaveCount(0);
  await adminPage.keyboard.press('Escape');

  await adminPage.getByRole('button', { name: 'Cancel impersonation' }).click();
  await expect(adminPage.getByRole('status')).toHaveCount(0);
  await expect(adminPage.getByRole('button', { name: 'Account menu' })).toContainText(
    SUPER_ADMIN.email,
  );

  await adminPage.goto('/users/impersonation-logs');
  const row = adminPage.getByRole('row').filter({ hasText: SUPPORT_TARGET.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(SUPER_ADMIN.email);
  await expect(row).not.toContainText('Active');

  // Revoking access from the account page stops support staff (super admins are exempt).
  await userPage.reload();
  await userPage.getByRole('button', { name: 'Revoke' }).click();
  await userPage
    .getByRole('dialog')
    .getByRole('button', { name: /Revoke|Confirm/ })
    .click();
  await expect(userPage.getByText('Support cannot impersonate you.')).toBeVisible();
  const supportPage = await (await browser.newContext()).newPage();
  await logIn(supportPage, SUPPORT_STAFF);
  const refused = await supportPage.request.post(`/api/users/${target.id}/impersonate`, {
    headers: await xsrfHeaders(supportPage),
  });
  expect(refused.status()).toBe(403);
});

import { expect, test } from '@playwright/test';
import { acceptAgreementIfAsked, logIn, watchBellReads } from '../helpers';
import { waitForMail } from '../mail';
import { PASSWORD_CHANGER } from '../users';

// Two instances behind no shared memory: the notification is created on B (where the invitee
// registers) and must reach the inviter's browser on A through Redis (issue 3, scale-out).
const instanceB = `http://127.0.0.1:${process.env.E2E_PORT_B}`;

test('a notification created on one instance arrives live in a browser on the other', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const invitee = `cluster-${Date.now().toString(36)}@example.test`;
  const bellReads = watchBellReads(page);
  await logIn(page, PASSWORD_CHANGER);
  await acceptAgreementIfAsked(page);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  // Once the bell has subscribed and read the list, anything new can only come over the socket.
  await bellReads.settled();
  const readsBefore = bellReads.reads();

  // The invitation is sent through A's API; the page stays open on A.
  const invited = await page.evaluate(async (email) => {
    const xsrf = /(?:^|; )RMS-XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const user = await (await fetch('/api/user', { credentials: 'include' })).json();
    const response = await fetch('/api/users/invite', {
      method: 'POST',
      credentials: 'include',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        'x-xsrf-token': decodeURIComponent(xsrf),
      },
      body: JSON.stringify({ email, company_id: user.company_id, role: 'end_user' }),
    });
    return response.status;
  }, invitee);
  expect(invited).toBe(201);
  const [, token] = await waitForMail(invitee, /\/register\/([\w-]+)/);

  const other = await browser.newContext({ baseURL: instanceB });
  const inviteePage = await other.newPage();
  await inviteePage.goto(`/register/${token}`);
  await inviteePage.getByLabel(/^Password/).fill('cluster-e2e-password');
  await inviteePage.getByLabel(/^Confirm password/).fill('cluster-e2e-password');
  await inviteePage.getByRole('button', { name: 'Create account' }).click();
  await expect(inviteePage.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await expect(bell).toHaveAccessibleName('Notifications, 1 unseen');
  expect(bellReads.reads()).toBe(readsBefore);
  await bell.click();
  await expect(page.getByText(`${invitee} registered in`)).toBeVisible();
  await other.close();
});

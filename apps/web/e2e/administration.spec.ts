import { expect, test, type Locator, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { acceptAgreementIfAsked, logIn, openAccountForm } from './helpers';
import { waitForMail } from './mail';
import { PASSWORD_CHANGER } from './users';

// The demo Administrator of "Demo Company" runs the administration flows (issue 4 item 13).
const ADMIN = PASSWORD_CHANGER;
const run = Date.now().toString(36);

/** Picks an option in a searchable picker (ItemSelect) of a form. */
async function pick(page: Page, scope: Locator, label: string, option: string) {
  const input = scope.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(option.slice(0, 4));
  await page.getByRole('option', { name: option }).click();
}

test('an admin creates a child company and invites a user, who registers, turns on TOTP and signs in with it', async ({
  browser,
  page,
}) => {
  // The whole journey of two people in two browsers; each step waits on the real server.
  test.setTimeout(180_000);
  const companyName = `E2E Branch ${run}`;
  const invitee = `invitee-${run}@example.test`;
  const inviteePassword = 'invitee-e2e-password';

  await logIn(page, ADMIN);
  await acceptAgreementIfAsked(page);

  // New company: the spec's validation messages show at the fields before anything is sent.
  await page.goto('/companies');
  await page.getByRole('button', { name: 'New company' }).click();
  const newCompany = page.getByRole('dialog', { name: 'New company' });
  await newCompany.getByRole('button', { name: 'Submit' }).click();
  await expect(newCompany.getByText('This field is required')).toHaveCount(2);
  await newCompany.getByRole('textbox', { name: 'Name' }).fill('ab');
  await pick(page, newCompany, 'Parent company', 'Demo Company');
  await newCompany.getByRole('button', { name: 'Submit' }).click();
  await expect(newCompany.getByText(/at least 3 characters/)).toBeVisible();
  await newCompany.getByRole('textbox', { name: 'Name' }).fill(companyName);
  await newCompany.getByRole('button', { name: 'Submit' }).click();
  await expect(newCompany).toBeHidden();
  await expect(page.getByText('Company created successfully')).toBeVisible();

  // Its page, users tab: invite an End Client; the mail arrives at the SMTP server.
  await page.getByRole('link', { name: companyName }).click();
  await expect(page.getByRole('heading', { name: companyName })).toBeVisible();
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('link', { name: 'Invite user' }).click();
  const invite = page.getByRole('main');
  await expect(invite.getByRole('combobox', { name: 'Company' })).toHaveValue(companyName);
  await invite.getByRole('textbox', { name: 'Email' }).fill(invitee);
  await pick(page, invite, 'Role', 'End Client');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent successfully')).toBeVisible();
  const [, token] = await waitForMail(invitee, /\/register\/([\w-]+)/);

  // The invitee registers in another browser; the admin's bell gets the notification live.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await inviteePage.goto(`/register/${token}`);
  await expect(inviteePage.getByText(`You are invited to join ${companyName}`)).toBeVisible();
  await inviteePage.getByLabel(/^Password/).fill(inviteePassword);
  await inviteePage.getByLabel(/^Confirm password/).fill('not-the-same-password');
  await inviteePage.getByRole('button', { name: 'Create account' }).click();
  await expect(inviteePage.getByText('Passwords do not match')).toBeVisible();
  await inviteePage.getByLabel(/^Confirm password/).fill(inviteePassword);
  await inviteePage.getByRole('button', { name: 'Create account' }).click();
  await expect(inviteePage.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await acceptAgreementIfAsked(inviteePage);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unseen');
  await bell.click();
  await expect(page.getByText(`${invitee} registered in ${companyName}`)).toBeVisible();

  // Turn on TOTP: password confirmation first, then a code computed from the shown key.
  await inviteePage.goto('/account');
  await inviteePage.getByRole('button', { name: 'Set up authenticator app' }).click();
  const confirm = inviteePage.getByRole('dialog', { name: 'Confirm your password' });
  await confirm.getByLabel(/^Password/).fill(inviteePassword);
  await confirm.getByRole('button', { name: /Confirm/ }).click();
  const setup = inviteePage.getByRole('dialog', { name: 'Set up authenticator app' });
  const secret = (await setup.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await setup.getByLabel('Code').fill(await generate({ secret }));
  await setup.getByRole('button', { name: 'Verify' }).click();
  await expect(setup.getByText('Save your recovery codes')).toBeVisible();
  await setup.getByRole('button', { name: 'Done' }).click();
  await expect(inviteePage.getByText('Authenticator app', { exact: true })).toBeVisible();

  // Sign in again: the password alone is not enough; the authenticator code is.
  await inviteePage.goto('/logout');
  await inviteePage.goto('/login');
  await inviteePage.getByLabel('E-mail').fill(invitee);
  await inviteePage.getByLabel(/^Password/).fill(inviteePassword);
  await inviteePage.getByRole('button', { name: 'Sign in' }).click();
  const mfa = inviteePage.getByRole('dialog', { name: 'Two-factor authentication' });
  await mfa.getByLabel('Verification code').fill('000000');
  await mfa.getByRole('button', { name: 'Verify' }).click();
  await expect(mfa.getByText('Invalid verification code')).toBeVisible();
  await mfa.getByLabel('Verification code').fill(await generate({ secret }));
  await mfa.getByRole('button', { name: 'Verify' }).click();
  await expect(inviteePage.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // An End Client lands on the fleet table; its menu has no administration of companies, users
  // or roles, only tags.
  await expect(inviteePage).toHaveURL(/\/management\/devices$/);
  const nav = inviteePage.getByRole('navigation');
  await nav.getByText('Administration').click();
  await expect(nav.getByRole('link', { name: 'Companies' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Tags' })).toBeVisible();
  await inviteeContext.close();
});

test('an admin makes a custom role from the permission table by category', async ({ page }) => {
  const title = `Operators ${run}`;
  await logIn(page, ADMIN);
  await acceptAgreementIfAsked(page);
  await page.goto('/users/roles');
  await page.getByRole('button', { name: 'New role' }).click();
  const dialog = page.getByRole('dialog', { name: 'New role' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('checkbox', { name: 'Select all Reports' }).check();
  await dialog.getByRole('checkbox', { name: 'view_devices' }).check();
  await dialog.getByRole('button', { name: /Create|Save/ }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();
});

test('an admin creates, edits and removes a tag', async ({ page }) => {
  const name = `Rooftop ${run}`;
  await logIn(page, ADMIN);
  await acceptAgreementIfAsked(page);
  await page.goto('/tags');
  await page.getByRole('button', { name: 'New tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'New tag' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Tag created successfully')).toBeVisible();
  // A second tag of that name in the same company is refused at the field.
  await page.getByRole('button', { name: 'New tag' }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name.toUpperCase());
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('A tag with this name already exists')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/tag\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit tag' });
  await edit.getByRole('textbox', { name: 'Description' }).fill('Devices on the roof');
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Tag updated successfully')).toBeVisible();
  await expect(page.getByText('Devices on the roof')).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Delete|Remove|Confirm/ })
    .click();
  await expect(page).toHaveURL(/\/tags/);
  await expect(page.getByRole('link', { name })).toHaveCount(0);
});

test('five dialogs can be minimised, a sixth is refused with the spec message', async ({
  page,
}) => {
  await logIn(page, ADMIN);
  await acceptAgreementIfAsked(page);
  await page.goto('/companies');
  const titles = [
    'New tag',
    'Invite user',
    'New company',
    'Move company',
    'Remove from suppression list',
    'Remove MFA',
  ];
  for (const [index, title] of titles.entries()) {
    const dialog = await openAccountForm(page, title);
    await dialog.getByRole('button', { name: 'Minimize' }).click();
    if (index < 5) await expect(dialog).toBeHidden();
  }
  await expect(page.getByText('You can not minimize more than 5 windows')).toBeVisible();
  const bar = page.getByRole('toolbar', { name: 'Minimized windows' });
  await expect(bar.getByRole('button', { name: /^Restore / })).toHaveCount(5);
  await expect(page.getByRole('dialog', { name: 'Remove MFA' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Remove MFA' })).toBeHidden();
  await bar.getByRole('button', { name: 'Restore New tag' }).click();
  await expect(page.getByRole('dialog', { name: 'New tag' })).toBeVisible();
});

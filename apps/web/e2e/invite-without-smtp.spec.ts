import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { acceptAgreementIfAsked, logIn, openAccountForm, openAccountMenu } from './helpers';

// scripts/e2e-server.mjs gives its server an SMTP_URL, so this spec starts its own server the way
// `npm start` runs by default: embedded PGlite and broker, and no mail server.
const PORT = Number(process.env.E2E_NO_SMTP_PORT ?? 18190);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'admin@nosmtp.netfleet.test', password: 'e2e-no-smtp-password' };
const serverDir = join(import.meta.dirname, '..', '..', 'server');

let server: ChildProcess | undefined;
let dataDir = '';

test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'netfleet-e2e-no-smtp-'));
  // The compiled server e2e-server.mjs has built, as `npm start` runs it.
  server = spawn(process.execPath, ['dist/server.js'], {
    cwd: serverDir,
    // Its own process group, so stopping it stops whatever it started too.
    detached: true,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(PORT),
      PUBLIC_URL: ORIGIN,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      MQTT_PORT: process.env.E2E_NO_SMTP_MQTT_PORT ?? '18194',
      NETFLEET_ADMIN_EMAIL: ADMIN.email,
      NETFLEET_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      OPENVPN_PATH: '/nonexistent/netfleet-e2e/openvpn',
    },
  });
  await expect
    .poll(
      async () => {
        const response = await fetch(`${ORIGIN}/api/openapi.json`).catch(() => null);
        return response?.status ?? 0;
      },
      { message: 'the server without SMTP starts', timeout: 170_000, intervals: [1_000] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  const pid = server?.pid;
  if (pid !== undefined && server?.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    process.kill(-pid, 'SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('without SMTP the super admin hands on the invitation link and reads the outbox', async ({
  browser,
  context,
  page,
}) => {
  test.setTimeout(180_000);
  const invitee = `invitee-${Date.now().toString(36)}@example.test`;
  const inviteePassword = 'invitee-no-smtp-password';
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN });

  await logIn(page, ADMIN);
  await acceptAgreementIfAsked(page);

  // Invite from the account menu: no mail goes out, so the link comes back in a dialog.
  const invite = await openAccountForm(page, 'Invite user');
  await invite.getByRole('textbox', { name: 'Email' }).fill(invitee);
  const role = invite.getByRole('combobox', { name: 'Role' });
  await role.click();
  await page.getByRole('option', { name: 'End Client' }).click();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const shown = page.getByRole('dialog', { name: 'Invitation link' });
  await expect(
    shown.getByText(
      new RegExp(
        `^No mail server is configured, so netfleet did not send an e-mail\\. Hand this one-time link to ${invitee.replace(/[.]/g, '\\.')}; it expires \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\.$`,
      ),
    ),
  ).toBeVisible();
  const link = await shown.getByLabel('One-time registration link').inputValue();
  expect(link).toMatch(new RegExp(`^${ORIGIN}/register/[\\w-]+$`));
  await shown.getByRole('button', { name: 'Copy link' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.screenshot({ path: test.info().outputPath('invitation-link.png') });
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // The invitee opens the copied link in a browser of their own, registers and signs in.
  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await inviteePage.goto(link);
  await expect(inviteePage.getByText(/You are invited to join/)).toBeVisible();
  await inviteePage.getByLabel(/^Password/).fill(inviteePassword);
  await inviteePage.getByLabel(/^Confirm password/).fill(inviteePassword);
  await inviteePage.getByRole('button', { name: 'Create account' }).click();
  // Registering signs in and loads the console's first page: the slowest step here.
  await expect(inviteePage.getByRole('button', { name: 'Account menu' })).toBeVisible({
    timeout: 30_000,
  });
  await acceptAgreementIfAsked(inviteePage);
  const menu = await openAccountMenu(inviteePage);
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(inviteePage).toHaveURL(/\/(login|logout)/);
  await logIn(inviteePage, { email: invitee, password: inviteePassword });
  await inviteeContext.close();

  // The log keeps the mail without its link; the outbox has all of it.
  await page.goto('/system/mail-logs');
  const log = page.getByRole('table', { name: 'Mail logs' });
  await log.getByText(invitee).click();
  const logged = page.getByRole('dialog', { name: 'You are invited to netfleet' });
  await expect(logged.getByTestId('mail-log-body')).toContainText('/register/[redacted]');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Outbox' }).click();
  await expect(page).toHaveURL(/\/system\/mail-logs\?tab=outbox$/);
  const outbox = page.getByRole('table', { name: 'Outbox' });
  await expect(outbox.getByText(invitee)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('outbox-tab.png') });
  await outbox.getByText(invitee).click();
  const mail = page.getByRole('dialog', { name: 'You are invited to netfleet' });
  await expect(mail.getByText(`To: ${invitee}`)).toBeVisible();
  await expect(mail.getByTestId('outbox-mail-body')).toContainText(link);
  await expect(mail.getByRole('link', { name: link })).toHaveAttribute('href', link);
  await page.screenshot({ path: test.info().outputPath('outbox-mail.png') });
});

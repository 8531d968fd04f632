import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLogs, mailOutbox, suppressedEmails } from '@/db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createUser, rootCompany } from '@test/factories';
import { loginAs, SPA_HEADERS, type TestSession } from '@test/session';
import { type SmtpSink, startSmtpSink } from '@test/smtp-sink';

const GONE = 'gone@example.test';

let t: TestApp;
let sink: SmtpSink;
/** Moved forward past the one-minute resend throttle of verification mail. */
let offsetMs = 0;

beforeAll(async () => {
  sink = await startSmtpSink({ reject: [GONE] });
  // No mail transport given: the app sends with nodemailer to SMTP_URL, as in production.
  t = await buildTestApp({ smtpUrl: sink.url }, { now: () => new Date(Date.now() + offsetMs) });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const resendActivation = (session: TestSession) =>
  t.app.inject({
    method: 'POST',
    url: '/account/user/activation/resend',
    headers: session.headers,
  });

const latestLog = async (to: string) => {
  const [log] = await t.db
    .select()
    .from(mailLogs)
    .where(eq(mailLogs.to, to))
    .orderBy(desc(mailLogs.id))
    .limit(1);
  return log;
};

describe('mail over SMTP_URL', () => {
  it('delivers to the SMTP server and logs the mail as sent', async () => {
    const user = await createUser(t.db, 'end_user', { verified: false });
    const response = await resendActivation(await loginAs(t.app, user));
    expect(response.statusCode).toBe(200);
    const mail = sink.last(user.email);
    expect(mail).toMatchObject({ subject: 'Verify your e-mail address', to: user.email });
    expect(mail?.from).toMatch(/^no-reply@console\.test$/);
    expect(mail?.text).toMatch(/verify-email\?token=[\w-]+/);
    expect(await latestLog(user.email)).toMatchObject({ status: 'sent', error: null });
  });

  it('carries the sign-in code of e-mail MFA', async () => {
    const user = await createUser(t.db, 'end_user', { mfaType: 'email' });
    const signIn = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/account/login',
        headers: SPA_HEADERS,
        payload: { email: user.email, password: user.password, ...payload },
      });
    const challenge = await signIn({});
    expect(challenge.statusCode).toBe(401);
    const mail = sink.last(user.email);
    expect(mail?.subject).toBe('Your sign-in verification code');
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const signedIn = await signIn({
      session_uuid: challenge.json().data.session_uuid,
      session_code: code,
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('suppresses an address the server rejects for good, and sends it nothing afterwards', async () => {
    const user = await createUser(t.db, 'end_user', { email: GONE, verified: false });
    const session = await loginAs(t.app, user);
    const rejected = await resendActivation(session);
    expect(rejected.statusCode).toBe(503);
    expect(rejected.json().errors[0].message).toBe('Failed to send email confirmation');
    expect(await latestLog(GONE)).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('550 5.1.1 Mailbox unavailable'),
    });
    expect(await t.db.select().from(suppressedEmails)).toEqual([
      expect.objectContaining({ email: GONE, reason: '550 5.1.1 Mailbox unavailable' }),
    ]);
    expect(sink.tried.filter((address) => address === GONE)).toHaveLength(1);

    offsetMs += 2 * 60 * 1000;
    const suppressed = await resendActivation(session);
    expect(suppressed.statusCode).toBe(503);
    expect(await latestLog(GONE)).toMatchObject({
      status: 'failed',
      error: 'Address is on the suppression list',
    });
    // The server was not even asked.
    expect(sink.tried.filter((address) => address === GONE)).toHaveLength(1);
    expect(await t.db.select().from(suppressedEmails)).toHaveLength(1);
  });

  it('keeps nothing in the outbox and gives an inviter no link: the invitee gets the mail', async () => {
    const superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/invite',
      headers: superAdmin.headers,
      payload: {
        email: 'invitee@example.test',
        company_id: (await rootCompany(t.db)).id,
        role: 'end_user',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).not.toHaveProperty('invitation_link');
    expect(sink.last('invitee@example.test')?.text).toMatch(/\/register\/[\w-]+/);
    expect(await latestLog('invitee@example.test')).toMatchObject({ status: 'sent' });
    expect(await t.db.select().from(mailOutbox)).toEqual([]);
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/mail-logs/outbox',
      headers: { cookie: superAdmin.cookie },
    });
    expect(outbox.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

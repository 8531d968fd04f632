import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '@/db/errors';
import { actionLogs, emailVerifications, mailLogs, users } from '@/db/schema';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { createOutbox } from '@test/outbox';
import {
  confirmPassword,
  loginAs,
  sessionFrom,
  SPA_HEADERS,
  type TestSession,
} from '@test/session';

let t: TestApp;
const outbox = createOutbox();
beforeAll(async () => {
  t = await buildTestApp({}, { mailTransport: outbox.transport });
});
afterAll(() => t.close());

describe('e-mail verification', () => {
  it('blocks /api with EMAIL_NOT_VERIFIED until the link from the mail is used', async () => {
    const user = await createUser(t.db, 'end_user', { verified: false });
    const session = await loginAs(t.app, user);
    const blocked = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: session.cookie },
    });
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json().errors[0].code).toBe('EMAIL_NOT_VERIFIED');

    const resend = await t.app.inject({
      method: 'POST',
      url: '/account/user/activation/resend',
      headers: session.headers,
    });
    expect(resend.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/account/user/activation/resend',
      headers: session.headers,
    });
    expect(again.statusCode).toBe(429);

    // The mail carries the live link; the log administrators read holds it redacted.
    const token = outbox.verificationToken(user.email);
    expect(token).toMatch(/^[\w-]{43}$/);
    const [mail] = await t.db.select().from(mailLogs).where(eq(mailLogs.to, user.email));
    expect(mail).toMatchObject({ status: 'sent', subject: 'Verify your e-mail address' });
    expect(mail?.body).toContain('http://console.test/verify-email?token=[redacted]');
    expect(mail?.body).not.toContain(token);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/account/email/verify',
      headers: SPA_HEADERS,
      payload: { token: 'not-the-token' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors[0].source).toBe('token');

    const verify = await t.app.inject({
      method: 'POST',
      url: '/account/email/verify',
      headers: SPA_HEADERS,
      payload: { token },
    });
    expect(verify.statusCode).toBe(200);
    const reused = await t.app.inject({
      method: 'POST',
      url: '/account/email/verify',
      headers: SPA_HEADERS,
      payload: { token },
    });
    expect(reused.statusCode).toBe(422);

    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: session.cookie },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses to resend for a verified address (409)', async () => {
    const user = await createUser(t.db, 'end_user');
    const session = await loginAs(t.app, user);
    const response = await t.app.inject({
      method: 'POST',
      url: '/account/user/activation/resend',
      headers: session.headers,
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('PUT /account/user', () => {
  it('records the terms acceptance', async () => {
    const user = await createUser(t.db, 'end_user');
    const session = await loginAs(t.app, user);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/account/user',
      headers: session.headers,
      payload: { tos_accepted: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.tos_accepted).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: session.cookie },
    });
    expect(me.json().tos_accepted).toBe(true);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/account/user',
      headers: SPA_HEADERS,
      payload: { tos_accepted: true },
    });
    expect(response.statusCode).toBe(401);
  });

  const putUser = (session: TestSession, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/account/user', headers: session.headers, payload });

  it('sets a new e-mail address, which must be verified again through the mailed link', async () => {
    const user = await createUser(t.db, 'end_user', { verified: false });
    const session = await loginAs(t.app, user);
    const resend = await t.app.inject({
      method: 'POST',
      url: '/account/user/activation/resend',
      headers: session.headers,
    });
    expect(resend.statusCode).toBe(200);
    const oldToken = outbox.verificationToken(user.email);
    expect(oldToken).toBeTruthy();
    // The first link went out moments ago; the change waits out the same one-minute throttle.
    await t.db
      .update(emailVerifications)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(emailVerifications.userId, user.id));

    const newEmail = `New.Address-${user.id}@Example.test`;
    // Unverified users reach the confirmation too: they may be fixing a mistyped address.
    await confirmPassword(t.app, session, user.password);
    const response = await putUser(session, { email: newEmail });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({
      id: user.id,
      email: newEmail.toLowerCase(),
      username: user.username,
    });

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: newEmail.toLowerCase(), emailVerifiedAt: null });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: session.cookie },
    });
    expect(me.statusCode).toBe(401);
    expect(me.json().errors[0].code).toBe('EMAIL_NOT_VERIFIED');
    const [log] = await t.db.select().from(actionLogs).orderBy(desc(actionLogs.id)).limit(1);
    expect(log).toMatchObject({
      action: 'email_change',
      userId: user.id,
      entity: 'user',
      entityId: String(user.id),
      details: { from: user.email, to: newEmail.toLowerCase() },
    });

    const verify = (token: string | undefined) =>
      t.app.inject({
        method: 'POST',
        url: '/account/email/verify',
        headers: SPA_HEADERS,
        payload: { token },
      });
    // A link sent to the previous address must not confirm the new one.
    expect((await verify(oldToken)).statusCode).toBe(422);
    const [mail] = await t.db
      .select()
      .from(mailLogs)
      .where(eq(mailLogs.to, newEmail.toLowerCase()));
    expect(mail).toMatchObject({ status: 'sent', subject: 'Verify your e-mail address' });
    expect(mail?.body).not.toContain(outbox.verificationToken(newEmail.toLowerCase()));
    expect((await verify(outbox.verificationToken(newEmail.toLowerCase()))).statusCode).toBe(200);
    const verified = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: session.cookie },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().email).toBe(newEmail.toLowerCase());
  });

  it('accepts the terms and keeps a verified address that is sent again unchanged', async () => {
    const user = await createUser(t.db, 'end_user');
    const session = await loginAs(t.app, user);
    const response = await putUser(session, {
      tos_accepted: true,
      email: user.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ email: user.email, tos_accepted: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(mailLogs).where(eq(mailLogs.to, user.email))).toHaveLength(0);
  });

  it('changing the address needs a recent password confirmation (423); the terms do not', async () => {
    const user = await createUser(t.db, 'end_user');
    const session = await loginAs(t.app, user);
    const newEmail = `confirmed-${user.id}@example.test`;
    const refused = await putUser(session, { email: newEmail });
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toEqual({
      success: false,
      errors: [
        {
          code: 'PASSWORD_CONFIRMATION_REQUIRED',
          message: 'Confirm your password to continue.',
          source: null,
        },
      ],
    });
    expect(outbox.verificationToken(newEmail)).toBeUndefined();
    const same = await putUser(session, { tos_accepted: true, email: user.email });
    expect(same.statusCode).toBe(200);

    await confirmPassword(t.app, session, user.password);
    const changed = await putUser(session, { email: newEmail });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.user.email).toBe(newEmail);
  });

  it('refuses an address another user has (409, source email)', async () => {
    const other = await createUser(t.db, 'end_user');
    const user = await createUser(t.db, 'end_user');
    const session = await loginAs(t.app, user);
    await confirmPassword(t.app, session, user.password);
    const response = await putUser(session, { email: other.email.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual([
      { code: 'CONFLICT', message: 'This e-mail address is already in use', source: 'email' },
    ]);
  });

  it('recognises the unique-index error a lost race ends in', async () => {
    const other = await createUser(t.db, 'end_user');
    const user = await createUser(t.db, 'end_user');
    const error = await t.db
      .update(users)
      .set({ email: other.email.toUpperCase() })
      .where(eq(users.id, user.id))
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('answers 429 when a verification mail went out less than a minute ago', async () => {
    const user = await createUser(t.db, 'end_user');
    const session = await loginAs(t.app, user);
    await confirmPassword(t.app, session, user.password);
    expect((await putUser(session, { email: `first-${Date.now()}@example.test` })).statusCode).toBe(
      200,
    );
    const again = await putUser(session, { email: `second-${Date.now()}@example.test` });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses an empty body (422)', async () => {
    const session = await loginAs(t.app, await createUser(t.db, 'end_user'));
    const response = await putUser(session, {});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].code).toBe('VALIDATION_ERROR');
  });

  it('refuses an invalid address (422, source email)', async () => {
    const session = await loginAs(t.app, await createUser(t.db, 'end_user'));
    for (const email of ['not-an-email', `${'a'.repeat(250)}@b.test`]) {
      const response = await putUser(session, { email });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[0]).toMatchObject({
        code: 'VALIDATION_ERROR',
        source: 'email',
      });
    }
  });

  it('does not let an impersonator change the address (403)', async () => {
    const supporter = await createUser(t.db, 'support');
    const target = await createUser(t.db, 'end_user', {
      company: await createCompany(t.db),
      impersonationAccessLimit: new Date(Date.now() + 24 * 60 * 60 * 1000),
    });
    const session = await loginAs(t.app, supporter);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/users/${target.id}/impersonate`,
      headers: session.headers,
    });
    expect(started.statusCode).toBe(200);
    const response = await putUser(sessionFrom(started, session), {
      email: `taken-over-${target.id}@example.test`,
    });
    expect(response.statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.email).toBe(target.email);
  });
});

import { currentUserSchema, defaultRole } from '@netfleet/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '@/db/errors';
import { safeRedirect } from './account.routes';
import { actionLogs, emailVerifications, mailLogs, sessions, users } from '@/db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { createOutbox } from '@test/outbox';
import {
  confirmPassword,
  login,
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

const cookieOf = (response: Awaited<ReturnType<TestApp['app']['inject']>>, name: string) =>
  (
    response.cookies as {
      name: string;
      value: string;
      path?: string;
      httpOnly?: boolean;
      sameSite?: string;
      maxAge?: number;
    }[]
  ).find((c) => c.name === name);

describe('POST /account/login', () => {
  it('signs the seeded super admin in and sets the three cookies', async () => {
    const response = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.user.email).toBe(ADMIN_EMAIL);
    expect(body.data.user.role.name).toBe('super_admin');

    expect(cookieOf(response, 'nf_access')).toMatchObject({
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(cookieOf(response, 'nf_refresh')).toMatchObject({
      path: '/account',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: 30 * 24 * 60 * 60,
    });
    const xsrf = cookieOf(response, 'RMS-XSRF-TOKEN');
    expect(xsrf?.path).toBe('/');
    expect(xsrf?.httpOnly).toBeFalsy();

    const [log] = await t.db.select().from(actionLogs).orderBy(desc(actionLogs.id)).limit(1);
    expect(log).toMatchObject({ action: 'login', entity: 'session' });
  });

  it('treats the e-mail case-insensitively', async () => {
    const user = await createUser(t.db, 'end_user', { email: 'Mixed.Case@Example.test' });
    const response = await login(t.app, 'MIXED.case@example.TEST', user.password);
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 INVALID_CREDENTIALS for a wrong password or an unknown e-mail', async () => {
    for (const [email, password] of [
      [ADMIN_EMAIL, 'wrong-password'],
      ['nobody@example.test', 'whatever'],
    ] as const) {
      const response = await login(t.app, email, password, '10.0.0.1');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        errors: [
          { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password', source: null },
        ],
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers 429 with Retry-After after 5 failures for one e-mail, even with the right password', async () => {
    const user = await createUser(t.db, 'end_user');
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, user.email, 'nope', '10.0.1.1')).statusCode).toBe(401);
    }
    const blocked = await login(t.app, user.email, user.password, '10.0.1.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errors[0].code).toBe('TOO_MANY_ATTEMPTS');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('answers 429 after 20 failures from one IP address across e-mails', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await login(t.app, `spray-${i}@example.test`, 'x', '10.0.2.1')).statusCode).toBe(401);
    }
    const blocked = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD, '10.0.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD, '10.0.2.2')).statusCode).toBe(200);
  });

  it('validates the body (422 with the field as source)', async () => {
    const response = await login(t.app, 'not-an-email', 'x');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({ code: 'VALIDATION_ERROR', source: 'email' });
  });

  it('refuses a login without X-Requested-With (403)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/account/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('XSRF_TOKEN_MISMATCH');
  });

  it('refuses a disabled user with 401', async () => {
    const user = await createUser(t.db, 'end_user', { disabled: true });
    const response = await login(t.app, user.email, user.password);
    expect(response.statusCode).toBe(401);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers MFA_REQUIRED with only the method when the user has MFA on', async () => {
    const user = await createUser(t.db, 'end_user', { mfaType: 'totp' });
    const response = await login(t.app, user.email, user.password);
    expect(response.statusCode).toBe(401);
    const body = response.json();
    expect(body.errors[0].code).toBe('MFA_REQUIRED');
    // No pending sign-in exists to point at until the MFA methods arrive.
    expect(body.data).toEqual({ mfa_type: 'totp' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('GET /api/user', () => {
  it('is a 401 envelope without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      errors: [{ code: 'UNAUTHORIZED', message: 'Authentication required', source: null }],
    });
  });

  it('is a 401 with a forged or garbage access token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: 'nf_access=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.bad' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('returns every Current-user field with the role permissions', async () => {
    const company = await createCompany(t.db, { name: 'Acme' });
    const user = await createUser(t.db, 'read_only', { company });
    const session = await loginAs(t.app, user);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(currentUserSchema.strict().parse(data)).toBeTruthy();
    expect(data).toMatchObject({
      id: user.id,
      email: user.email,
      company_id: company.id,
      company_name: 'Acme',
      company: {
        id: company.id,
        parent_id: company.parentId,
        name: 'Acme',
        level: 2,
        show_payment: false,
      },
      role: { id: 4, name: 'read_only', title: 'Guest' },
      role_id: 4,
      role_title: 'Guest',
      tos_accepted: false,
      mfa_type: null,
      token: {},
      isImpersonating: false,
      impersonation_access_limit: null,
      show_payment_control: false,
    });
    expect([...data.permissions].sort()).toEqual([...defaultRole('read_only').permissions].sort());
    const now = Math.floor(Date.now() / 1000);
    expect(data.exp).toBeGreaterThan(now + 14 * 60);
    expect(data.exp).toBeLessThanOrEqual(now + 15 * 60 + 1);
  });

  it('shows payment control to level-1 companies', async () => {
    const session = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: session.cookie },
    });
    expect(response.json().data).toMatchObject({
      show_payment_control: true,
      company: { level: 1 },
    });
  });

  it('sets the XSRF cookie when the browser lost it', async () => {
    const session = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `nf_access=${session.access}` },
    });
    expect(cookieOf(response, 'RMS-XSRF-TOKEN')?.value).toBeTruthy();
  });

  it('answers 403 MFA_MANDATORY when the company enforces MFA and the user has none', async () => {
    const company = await createCompany(t.db, { mfaEnforced: true });
    const user = await createUser(t.db, 'end_user', { company });
    const session = await loginAs(t.app, user);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('MFA_MANDATORY');
  });
});

describe('e-mail verification', () => {
  it('blocks /api with EMAIL_NOT_VERIFIED until the link from the mail is used', async () => {
    const user = await createUser(t.db, 'end_user', { verified: false });
    const session = await loginAs(t.app, user);
    const blocked = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: session.cookie },
    });
    expect(blocked.statusCode).toBe(403);
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
    expect(me.json().data.tos_accepted).toBe(true);
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
    expect(me.statusCode).toBe(403);
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
    expect(verified.json().data.email).toBe(newEmail.toLowerCase());
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

describe('refresh, logout and revoke', () => {
  const refresh = (cookie: string, xsrf: string) =>
    t.app.inject({
      method: 'POST',
      url: '/account/token/refresh',
      headers: { cookie, ...SPA_HEADERS, 'x-xsrf-token': xsrf },
    });

  it('answers 401 without a refresh cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/account/token/refresh',
      headers: SPA_HEADERS,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe('UNAUTHORIZED');
  });

  it('requires the XSRF token on refresh', async () => {
    const session = await loginAs(t.app, await createUser(t.db, 'end_user'));
    const response = await refresh(session.cookie, 'wrong');
    expect(response.statusCode).toBe(403);
  });

  it('logout revokes the session and clears the cookies', async () => {
    const user = await createUser(t.db, 'end_user');
    const session = await loginAs(t.app, user);
    const response = await t.app.inject({
      method: 'POST',
      url: '/account/logout',
      headers: session.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(cookieOf(response, 'nf_access')?.value).toBe('');
    expect(cookieOf(response, 'RMS-XSRF-TOKEN')?.value).toBe('');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: session.cookie },
    });
    expect(me.statusCode).toBe(401);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    const [log] = await t.db.select().from(actionLogs).orderBy(desc(actionLogs.id)).limit(1);
    expect(log).toMatchObject({ action: 'logout', userId: user.id });
  });

  it.each([
    [undefined, '/login'],
    ['http://console.test/management/devices', 'http://console.test/management/devices'],
    ['/management/devices', '/management/devices'],
    ['https://evil.example/phish', '/login'],
    ['//evil.example/phish', '/login'],
    ['javascript:alert(1)', '/login'],
    // Answered rebuilt from what was checked, never echoed.
    ['/.//evil.example/phish', '/evil.example/phish'],
    ['http://console.test\\@evil.example', 'http://console.test/@evil.example'],
  ])('revoke with redirect_uri %s answers location %s', async (redirectUri, location) => {
    const session = await loginAs(t.app, await createUser(t.db, 'end_user'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/account/token/revoke',
      headers: session.headers,
      payload: redirectUri ? { client_id: 'spa', redirect_uri: redirectUri } : {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { location } });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: session.cookie },
    });
    expect(me.statusCode).toBe(401);
  });

  it('revoke works with an empty body and without any session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/account/token/revoke',
      headers: { ...SPA_HEADERS, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.location).toBe('/login');
  });
});

describe('safeRedirect', () => {
  const own = 'http://console.test';
  it.each([
    ['//evil.example', '/login'],
    ['/\\evil.example', '/login'],
    ['\\\\evil.example', '/login'],
    ['/\t/evil.example', '/login'],
    ['https://console.test@evil.example', '/login'],
    ['https://console.test.evil.example/', '/login'],
    ['http://console.test:8443/x', '/login'],
    ['javascript:alert(1)', '/login'],
    ['data:text/html,<script>alert(1)</script>', '/login'],
    ['http://[::1', '/login'],
    ['/.//evil.example', '/evil.example'],
    ['/..//evil.example?a=1', '/evil.example?a=1'],
    ['http://console.test\\@evil.example', 'http://console.test/@evil.example'],
    ['http://user:secret@console.test/x', 'http://console.test/x'],
    ['https://console.test/a b', 'https://console.test/a%20b'],
    ['http:evil.example', 'http://console.test/evil.example'],
    ['management/devices', '/management/devices'],
    ['  /management/devices?tab=1#top', '/management/devices?tab=1#top'],
  ])('%j → %s', (input, expected) => {
    expect(safeRedirect(input, own)).toBe(expected);
  });
});

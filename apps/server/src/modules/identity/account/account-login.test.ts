import { currentUserResponseSchema, defaultRole, TOKEN_SCOPE_NAMES } from '@netfleet/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, sessions } from '@/db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { createOutbox } from '@test/outbox';
import { cookieOf, login, loginAs } from '@test/session';

let t: TestApp;
const outbox = createOutbox();
beforeAll(async () => {
  t = await buildTestApp({}, { mailTransport: outbox.transport });
});
afterAll(() => t.close());

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

  it('answers MFA_REQUIRED with a pending sign-in when the user has MFA on', async () => {
    const user = await createUser(t.db, 'end_user', { mfaType: 'totp' });
    const response = await login(t.app, user.email, user.password);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      errors: [{ code: 'MFA_REQUIRED', message: 'Enter the verification code', source: null }],
      data: { mfa_type: 'totp', session_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
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
    // RMS GET /user: the user's fields sit at the top level next to `success`, with no `data`.
    const data = response.json();
    expect(currentUserResponseSchema.strict().parse(data)).toBeTruthy();
    expect(data).not.toHaveProperty('data');
    expect(data).toMatchObject({
      success: true,
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

  it('answers the RMS fields: names, terms, verification, last login, the session token and scopes', async () => {
    const user = await createUser(t.db, 'read_only');
    const session = await loginAs(t.app, user);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: session.cookie },
    });
    const body = response.json();
    const [latest] = await t.db
      .select({ id: sessions.id, createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    expect(body).toMatchObject({
      success: true,
      id: user.id,
      first_name: null,
      last_name: null,
      avatar_path: null,
      username: user.username,
      email: user.email,
      terms_conditions: false,
      email_verified: true,
      last_login_at: latest?.createdAt.toISOString(),
      company: { id: user.companyId },
      role: { id: 4, name: 'read_only', title: 'Guest' },
      token: {
        jti: latest?.id,
        sub: String(user.id),
        client_id: null,
        first_party: true,
      },
    });
    expect(body.token.iss).toMatch(/^https?:\/\//);
    expect(body.token.exp).toBe(body.exp);
    expect(body.token.iat).toBe(body.exp - 15 * 60);
    expect(body.token.nbf).toBe(body.token.iat);
    // A session holds every scope a personal access token could be given.
    expect([...body.scope].sort()).toEqual([...TOKEN_SCOPE_NAMES].sort());
  });

  it('shows payment control to level-1 companies', async () => {
    const session = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: session.cookie },
    });
    expect(response.json()).toMatchObject({
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

  it('answers 401 MFA_MANDATORY when the company enforces MFA and the user has none', async () => {
    const company = await createCompany(t.db, { mfaEnforced: true });
    const user = await createUser(t.db, 'end_user', { company });
    const session = await loginAs(t.app, user);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe('MFA_MANDATORY');
  });
});

import { PASSWORD_CONFIRMATION_TTL_SECONDS } from '@netfleet/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { JWT_SECRET_KEY } from '@/db/seed';
import { actionLogs, personalAccessTokens, sessions, settings, users } from '@/db/schema';
import { sha256 } from '@/lib/crypto';
import { verifyPassword } from '@/lib/passwords';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { confirmPassword, login, loginAs, sessionFrom, type TestSession } from '@test/session';

let t: TestApp;
/** The app's clock runs this far ahead of the real one. */
let offsetMs = 0;
beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(Date.now() + offsetMs) });
});
afterEach(() => {
  offsetMs = 0;
});
afterAll(() => t.close());

const TTL_MS = PASSWORD_CONFIRMATION_TTL_SECONDS * 1000;
const CONFIRMATION_REQUIRED = {
  success: false,
  errors: [
    {
      code: 'PASSWORD_CONFIRMATION_REQUIRED',
      message: 'Confirm your password to continue.',
      source: null,
    },
  ],
};

const confirm = (session: TestSession, password: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/password-confirmation',
    headers: session.headers,
    payload: { password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const createToken = (session: TestSession) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/tokens',
    headers: session.headers,
    payload: { name: 'cli', scopes: ['users:read'] },
  });
const changePassword = (session: TestSession, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/account/password', headers: session.headers, payload });
const me = (session: TestSession) =>
  t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: session.cookie } });

describe('password confirmation (423)', () => {
  it('answers 423 until the password is confirmed; the retry then succeeds', async () => {
    const user = await createUser(t.db, 'end_user');
    const session = await loginAs(t.app, user);
    const refused = await createToken(session);
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toEqual(CONFIRMATION_REQUIRED);
    const none = await t.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, user.id));
    expect(none).toEqual([]);

    const confirmed = await confirm(session, user.password);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true });
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.passwordConfirmedAt).toBeInstanceOf(Date);

    expect((await createToken(session)).statusCode).toBe(201);
  });

  it(`lasts ${PASSWORD_CONFIRMATION_TTL_SECONDS} s`, async () => {
    const user = await createUser(t.db, 'end_user');
    const session = await loginAs(t.app, user);
    await confirmPassword(t.app, session, user.password);
    offsetMs = TTL_MS - 1000;
    expect((await createToken(session)).statusCode).toBe(201);
    offsetMs = TTL_MS;
    const expired = await createToken(session);
    expect(expired.statusCode).toBe(423);
    expect(expired.json()).toEqual(CONFIRMATION_REQUIRED);
  });

  it('belongs to the session it was made in', async () => {
    const user = await createUser(t.db, 'end_user');
    const confirmedTab = await loginAs(t.app, user);
    const otherDevice = await loginAs(t.app, user);
    await confirmPassword(t.app, confirmedTab, user.password);
    expect((await createToken(otherDevice)).statusCode).toBe(423);
  });

  it('refuses a wrong password with 422 CONFIRMATION_FAILED, counted like a failed sign-in', async () => {
    const user = await createUser(t.db, 'end_user');
    const session = await loginAs(t.app, user);
    const wrong = await confirm(session, 'not-my-password', '10.9.0.1');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      success: false,
      errors: [
        { code: 'CONFIRMATION_FAILED', message: 'The password is not correct', source: 'password' },
      ],
    });
    expect((await createToken(session)).statusCode).toBe(423);

    for (let i = 0; i < 4; i++) {
      expect((await confirm(session, 'not-my-password', '10.9.0.1')).statusCode).toBe(422);
    }
    const limited = await confirm(session, user.password, '10.9.0.2');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t.app, user.email, user.password, '10.9.0.3')).statusCode).toBe(429);
  });

  it('validates the body (422 VALIDATION_ERROR on password)', async () => {
    const session = await loginAs(t.app, await createUser(t.db, 'end_user'));
    const response = await confirm(session, '');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: 'VALIDATION_ERROR',
      source: 'password',
    });
  });

  it("while impersonating, takes the impersonator's password, not the impersonated user's", async () => {
    const supporter = await createUser(t.db, 'support');
    const target = await createUser(t.db, 'end_user', {
      company: await createCompany(t.db),
      password: 'targets-own-password',
      impersonationAccessLimit: new Date(Date.now() + 24 * 60 * 60 * 1000),
    });
    const session = await loginAs(t.app, supporter);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/users/${target.id}/impersonate`,
      headers: session.headers,
    });
    expect(started.statusCode).toBe(200);
    const acting = sessionFrom(started, session);
    expect((await createToken(acting)).statusCode).toBe(423);

    const withTargets = await confirm(acting, target.password);
    expect(withTargets.statusCode).toBe(422);
    expect(withTargets.json().errors[0].code).toBe('CONFIRMATION_FAILED');
    expect((await confirm(acting, supporter.password)).statusCode).toBe(200);
    // Past the confirmation now; tokens are still not managed through an impersonation.
    const refused = await createToken(acting);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('FORBIDDEN');
  });

  it('exempts personal access tokens, which never go through this flow', async () => {
    const [secret] = await t.db.select().from(settings).where(eq(settings.key, JWT_SECRET_KEY));
    const app = await buildApp({
      config: t.config,
      db: t.db,
      jwtSecret: secret?.value ?? '',
      logger: false,
    });
    app.post(
      '/api/test-sensitive',
      { config: { permission: 'authenticated', confirmPassword: true } },
      () => ({
        success: true,
      }),
    );
    await app.ready();
    try {
      const user = await createUser(t.db, 'end_user');
      const pat = `nf_pat_${user.id}-sensitive-test-token`;
      await t.db.insert(personalAccessTokens).values({
        userId: user.id,
        name: 'api',
        prefix: pat.slice(0, 13),
        tokenHash: sha256(pat),
        scopes: ['users:read'],
      });
      const viaToken = await app.inject({
        method: 'POST',
        url: '/api/test-sensitive',
        headers: { authorization: `Bearer ${pat}` },
      });
      expect(viaToken.statusCode).toBe(200);
      const session = await loginAs(app, user);
      const viaSession = await app.inject({
        method: 'POST',
        url: '/api/test-sensitive',
        headers: session.headers,
      });
      expect(viaSession.statusCode).toBe(423);
    } finally {
      await app.close();
    }
  });
});

describe('PUT /account/password', () => {
  const NEW_PASSWORD = 'a-brand-new-password';
  const body = (current: string, password = NEW_PASSWORD) => ({
    current_password: current,
    password,
    password_confirmation: password,
  });

  it('sets an argon2id hash, ends the other sessions, keeps this one and the access tokens', async () => {
    const user = await createUser(t.db, 'end_user');
    const session = await loginAs(t.app, user);
    const otherDevice = await loginAs(t.app, user);
    await confirmPassword(t.app, session, user.password);
    const pat = (await createToken(session)).json().data.token as string;

    const response = await changePassword(session, body(user.password));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row?.passwordHash ?? null, NEW_PASSWORD)).toBe(true);

    expect((await me(session)).statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/account/token/refresh',
      headers: session.headers,
    });
    expect(refreshed.statusCode).toBe(200);

    expect((await me(otherDevice)).statusCode).toBe(401);
    const otherRefresh = await t.app.inject({
      method: 'POST',
      url: '/account/token/refresh',
      headers: otherDevice.headers,
    });
    expect(otherRefresh.statusCode).toBe(401);

    const viaToken = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${pat}` },
    });
    expect(viaToken.statusCode).toBe(200);

    expect((await login(t.app, user.email, user.password)).statusCode).toBe(401);
    expect((await login(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const [log] = await t.db
      .select()
      .from(actionLogs)
      .where(eq(actionLogs.action, 'password_change'))
      .orderBy(desc(actionLogs.id))
      .limit(1);
    expect(log).toMatchObject({
      userId: user.id,
      entity: 'user',
      entityId: String(user.id),
      details: { ended_sessions: 1 },
    });
  });

  it('refuses a wrong current password (422 on current_password), counted by the limiter', async () => {
    const user = await createUser(t.db, 'end_user');
    const session = await loginAs(t.app, user);
    for (let i = 0; i < 5; i++) {
      const wrong = await changePassword(session, body('not-my-password'));
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual([
        {
          code: 'CONFIRMATION_FAILED',
          message: 'The password is not correct',
          source: 'current_password',
        },
      ]);
    }
    expect((await changePassword(session, body(user.password))).statusCode).toBe(429);
    expect((await login(t.app, user.email, user.password, '10.9.1.1')).statusCode).toBe(429);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row?.passwordHash ?? null, user.password)).toBe(true);
  });

  it('validates the new password and its confirmation', async () => {
    const user = await createUser(t.db, 'end_user');
    const session = await loginAs(t.app, user);
    const mismatch = await changePassword(session, {
      ...body(user.password),
      password_confirmation: 'something-else',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors[0]).toMatchObject({
      code: 'VALIDATION_ERROR',
      source: 'password_confirmation',
    });
    const short = await changePassword(session, body(user.password, 'short'));
    expect(short.statusCode).toBe(422);
    expect(short.json().errors[0].source).toBe('password');
  });

  it('is refused while impersonating (403), without the XSRF token (403) and without a session', async () => {
    const admin = await createUser(t.db, 'super_admin');
    const target = await createUser(t.db, 'end_user');
    const session = await loginAs(t.app, admin);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/users/${target.id}/impersonate`,
      headers: session.headers,
    });
    const acting = sessionFrom(started, session);
    const impersonating = await changePassword(acting, body(target.password));
    expect(impersonating.statusCode).toBe(403);
    expect((await login(t.app, target.email, target.password)).statusCode).toBe(200);

    const noXsrf = await t.app.inject({
      method: 'PUT',
      url: '/account/password',
      headers: { cookie: acting.cookie, 'x-requested-with': 'XMLHttpRequest' },
      payload: body(admin.password),
    });
    expect(noXsrf.statusCode).toBe(403);
    expect(noXsrf.json().errors[0].code).toBe('XSRF_TOKEN_MISMATCH');

    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/account/password',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: body(admin.password),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

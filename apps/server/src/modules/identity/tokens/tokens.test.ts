import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs } from '@/db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createUser } from '@test/factories';
import { confirmPassword, loginAs, type TestSession } from '@test/session';

let t: TestApp;
let session: TestSession;
beforeAll(async () => {
  t = await buildTestApp();
  session = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  await confirmPassword(t.app, session, ADMIN_PASSWORD);
});
afterAll(() => t.close());

const createToken = (payload: Record<string, unknown>, headers = session.headers) =>
  t.app.inject({ method: 'POST', url: '/api/user/tokens', headers, payload });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('personal access tokens', () => {
  it('creates a token once, lists it without the secret, and authenticates API calls', async () => {
    const created = await createToken({ name: 'CI', scopes: ['users:read'] });
    expect(created.statusCode).toBe(201);
    const token = created.json().data;
    expect(token.token).toMatch(/^nf_pat_[\w-]{43}$/);
    expect(token.token.startsWith(token.prefix)).toBe(true);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/user/tokens',
      headers: { cookie: session.cookie },
    });
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: token.id, name: 'CI', scopes: ['users:read'] }),
    ]);
    expect(list.body).not.toContain(token.token);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(token.token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['set-cookie']).toBeUndefined();
    // RMS GET /user describes the credential: the token's id, scopes, and no first-party session.
    expect(me.json()).toMatchObject({
      success: true,
      scope: ['users:read'],
      token: { jti: String(token.id), first_party: false, client_id: null },
    });
    expect(me.json().token.iat).toBe(me.json().token.nbf);
    // Scopes narrow the super admin's permissions to what users:read lends.
    expect(me.json().permissions.sort()).toEqual(
      [
        'view_impersonation_logs',
        'view_permissions',
        'view_roles',
        'view_user_invitations',
        'view_users',
      ].sort(),
    );
    const logs = await t.app.inject({
      method: 'GET',
      url: '/api/users/impersonation-logs',
      headers: bearer(token.token),
    });
    expect(logs.statusCode).toBe(200);

    const [log] = await t.db.select().from(actionLogs).orderBy(desc(actionLogs.id)).limit(1);
    expect(log).toMatchObject({ action: 'token_create', entityId: String(token.id) });
  });

  it('a scope never lends what the role lacks, and missing scopes mean 403', async () => {
    const guest = await createUser(t.db, 'read_only');
    const guestSession = await loginAs(t.app, guest);
    await confirmPassword(t.app, guestSession, guest.password);
    const created = await createToken(
      { name: 'guest', scopes: ['users:read', 'storage:nothing'] },
      guestSession.headers,
    );
    expect(created.statusCode).toBe(422);
    const ok = await createToken(
      { name: 'guest', scopes: ['users:read', 'devices:read'] },
      guestSession.headers,
    );
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(ok.json().data.token),
    });
    expect(me.json().permissions).not.toContain('view_users');
    expect(me.json().permissions).toContain('view_devices');

    const devicesOnly = (await createToken({ name: 'devices', scopes: ['devices:read'] })).json()
      .data.token;
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/users/impersonation-logs',
      headers: bearer(devicesOnly),
    });
    expect(denied.statusCode).toBe(403);
  });

  it('needs no XSRF headers, but may not manage tokens or impersonate', async () => {
    const secret = (
      await createToken({ name: 'api', scopes: ['users:read', 'users:write'] })
    ).json().data.token;
    const storage = await t.app.inject({
      method: 'POST',
      url: '/api/storage',
      headers: bearer(secret),
      payload: { key: 'from-api', value: '1' },
    });
    expect(storage.statusCode).toBe(201);

    const mint = await t.app.inject({
      method: 'POST',
      url: '/api/user/tokens',
      headers: bearer(secret),
      payload: { name: 'more', scopes: ['users:read'] },
    });
    expect(mint.statusCode).toBe(403);
    const target = await createUser(t.db, 'end_user');
    const impersonate = await t.app.inject({
      method: 'POST',
      url: `/api/users/${target.id}/impersonate`,
      headers: bearer(secret),
    });
    expect(impersonate.statusCode).toBe(403);
  });

  it('a revoked, expired or unknown token is a 401', async () => {
    const created = (await createToken({ name: 'short', scopes: ['users:read'] })).json().data;
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/tokens/${created.id}`,
      headers: session.headers,
    });
    expect(revoke.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/user/tokens/${created.id}`,
          headers: session.headers,
        })
      ).statusCode,
    ).toBe(404);
    const [log] = await t.db.select().from(actionLogs).orderBy(desc(actionLogs.id)).limit(1);
    expect(log).toMatchObject({ action: 'token_revoke', entityId: String(created.id) });

    for (const secret of [created.token, 'nf_pat_unknown', 'garbage']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: bearer(secret),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0].code).toBe('UNAUTHORIZED');
    }
    const past = await createToken({
      name: 'old',
      scopes: ['users:read'],
      expires_at: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors[0].source).toBe('expires_at');
  });

  it('users cannot revoke tokens of others', async () => {
    const created = (await createToken({ name: 'mine', scopes: ['users:read'] })).json().data;
    const other = await loginAs(t.app, await createUser(t.db, 'admin'));
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/tokens/${created.id}`,
      headers: other.headers,
    });
    expect(response.statusCode).toBe(404);
  });
});

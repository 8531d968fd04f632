import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, impersonationLogs } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import {
  confirmPassword,
  loginAs,
  sessionFrom,
  SPA_HEADERS,
  type TestSession,
} from '@test/session';

let t: TestApp;
let tenant: CompanyRow;
let otherTenant: CompanyRow;
beforeAll(async () => {
  t = await buildTestApp();
  tenant = await createCompany(t.db, { name: 'Tenant' });
  otherTenant = await createCompany(t.db, { name: 'Other tenant' });
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

const impersonate = (session: TestSession, userId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/users/${userId}/impersonate`,
    headers: session.headers,
  });
const me = (session: TestSession) =>
  t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: session.cookie } });
const cancel = (session: TestSession) =>
  t.app.inject({ method: 'POST', url: '/api/user/impersonation/cancel', headers: session.headers });

describe('impersonation', () => {
  it('lets support act as a user who granted access, with the act claim and banner data, then cancel', async () => {
    const supporter = await createUser(t.db, 'support');
    const target = await createUser(t.db, 'end_user', {
      company: tenant,
      impersonationAccessLimit: inDays(2),
    });
    const session = await loginAs(t.app, supporter);

    const started = await impersonate(session, target.id);
    expect(started.statusCode).toBe(200);
    expect(started.json().data.user).toMatchObject({
      id: target.id,
      isImpersonating: true,
      token: { act: { sub: supporter.id, email: supporter.email } },
    });
    const acting = sessionFrom(started, session);

    // The old access token was minted for the supporter: it no longer matches the session.
    expect((await me(session)).statusCode).toBe(401);

    const current = (await me(acting)).json();
    expect(current).toMatchObject({
      id: target.id,
      email: target.email,
      company_name: 'Tenant',
      isImpersonating: true,
      token: { act: { sub: supporter.id, email: supporter.email } },
      role: { name: 'end_user' },
    });
    const claims = JSON.parse(
      Buffer.from(acting.access.split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(claims).toMatchObject({
      sub: String(target.id),
      act: { sub: String(supporter.id), email: supporter.email },
    });

    // Storage belongs to the acting user.
    await t.app.inject({
      method: 'POST',
      url: '/api/storage',
      headers: acting.headers,
      payload: { key: 'k', value: 'as-target' },
    });

    const [open] = await t.db
      .select()
      .from(impersonationLogs)
      .where(eq(impersonationLogs.userId, target.id));
    expect(open).toMatchObject({ impersonatorId: supporter.id, endedAt: null });

    const cancelled = await cancel(acting);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.user).toMatchObject({
      id: supporter.id,
      isImpersonating: false,
      token: {},
    });
    const back = sessionFrom(cancelled, acting);
    expect((await me(back)).json()).toMatchObject({
      id: supporter.id,
      isImpersonating: false,
    });

    const [closed] = await t.db
      .select()
      .from(impersonationLogs)
      .where(eq(impersonationLogs.userId, target.id));
    expect(closed?.endedAt).toBeInstanceOf(Date);
    const actions = await t.db
      .select({
        action: actionLogs.action,
        userId: actionLogs.userId,
        impersonatorId: actionLogs.impersonatorId,
      })
      .from(actionLogs)
      .orderBy(desc(actionLogs.id))
      .limit(2);
    expect(actions).toEqual([
      { action: 'impersonation_stop', userId: target.id, impersonatorId: supporter.id },
      { action: 'impersonation_start', userId: supporter.id, impersonatorId: null },
    ]);
  });

  it('keeps impersonating across a token refresh while access lasts', async () => {
    const supporter = await createUser(t.db, 'support');
    const target = await createUser(t.db, 'end_user', {
      company: tenant,
      impersonationAccessLimit: inDays(1),
    });
    const session = await loginAs(t.app, supporter);
    const acting = sessionFrom(await impersonate(session, target.id), session);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/account/token/refresh',
      headers: acting.headers,
    });
    expect(refreshed.statusCode).toBe(200);
    expect((await me(sessionFrom(refreshed, acting))).json()).toMatchObject({
      id: target.id,
      isImpersonating: true,
    });
  });

  it('refuses when the access limit is in the past or was never granted', async () => {
    const supporter = await createUser(t.db, 'support');
    const session = await loginAs(t.app, supporter);
    const expired = await createUser(t.db, 'end_user', {
      company: tenant,
      impersonationAccessLimit: inDays(-1),
    });
    const never = await createUser(t.db, 'end_user', { company: tenant });
    for (const target of [expired, never]) {
      const response = await impersonate(session, target.id);
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0].message).toBe(
        'This user has not granted impersonation access',
      );
    }
  });

  it('lets a super admin impersonate without a grant', async () => {
    const target = await createUser(t.db, 'end_user', { company: tenant });
    const session = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const response = await impersonate(session, target.id);
    expect(response.statusCode).toBe(200);
    await cancel(sessionFrom(response, session));
  });

  it('refuses self, other trees, super admins and users without the permission', async () => {
    const admin = await createUser(t.db, 'admin', { company: tenant });
    const session = await loginAs(t.app, admin);
    expect((await impersonate(session, admin.id)).statusCode).toBe(403);

    const outside = await createUser(t.db, 'end_user', {
      company: otherTenant,
      impersonationAccessLimit: inDays(1),
    });
    expect((await impersonate(session, outside.id)).statusCode).toBe(404);
    expect((await impersonate(session, 999_999)).statusCode).toBe(404);

    const rootAdmin = await createUser(t.db, 'admin');
    const superAdmin = await createUser(t.db, 'super_admin', {
      impersonationAccessLimit: inDays(1),
    });
    const rootSession = await loginAs(t.app, rootAdmin);
    expect((await impersonate(rootSession, superAdmin.id)).statusCode).toBe(403);

    const guest = await loginAs(t.app, await createUser(t.db, 'read_only', { company: tenant }));
    const granted = await createUser(t.db, 'end_user', {
      company: tenant,
      impersonationAccessLimit: inDays(1),
    });
    const denied = await impersonate(guest, granted.id);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0].code).toBe('FORBIDDEN');
  });

  it('refuses cancel when not impersonating and nested impersonation', async () => {
    const supporter = await createUser(t.db, 'support');
    const session = await loginAs(t.app, supporter);
    expect((await cancel(session)).statusCode).toBe(409);

    const first = await createUser(t.db, 'support', {
      company: tenant,
      impersonationAccessLimit: inDays(1),
    });
    const second = await createUser(t.db, 'end_user', {
      company: tenant,
      impersonationAccessLimit: inDays(1),
    });
    const acting = sessionFrom(await impersonate(session, first.id), session);
    expect((await impersonate(acting, second.id)).statusCode).toBe(403);
  });
});

describe('impersonation access', () => {
  const grant = (session: TestSession, until: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user/impersonation-access',
      headers: session.headers,
      payload: { until },
    });

  it('grants access up to 30 days ahead and shows the limit on the user', async () => {
    const user = await createUser(t.db, 'end_user', { company: tenant });
    const session = await loginAs(t.app, user);
    const until = inDays(7).toISOString();
    const unconfirmed = await grant(session, until);
    expect(unconfirmed.statusCode).toBe(423);
    expect(unconfirmed.json().errors[0].code).toBe('PASSWORD_CONFIRMATION_REQUIRED');
    expect((await me(session)).json().impersonation_access_limit).toBeNull();

    await confirmPassword(t.app, session, user.password);
    const response = await grant(session, until);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.impersonation_access_limit).toBe(until);
    expect((await me(session)).json().impersonation_access_limit).toBe(until);

    for (const bad of [inDays(-1).toISOString(), inDays(31).toISOString()]) {
      const refused = await grant(session, bad);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[0].source).toBe('until');
    }
    expect((await grant(session, 'tomorrow')).statusCode).toBe(422);
  });

  it('revoking access clears the limit and throws the impersonator out', async () => {
    const target = await createUser(t.db, 'end_user', {
      company: tenant,
      impersonationAccessLimit: inDays(3),
    });
    const supporter = await createUser(t.db, 'support');
    const supportSession = await loginAs(t.app, supporter);
    const acting = sessionFrom(await impersonate(supportSession, target.id), supportSession);

    const targetSession = await loginAs(t.app, target);
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/user/revoke-impersonation-access',
      headers: targetSession.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.impersonation_access_limit).toBeNull();
    expect((await me(targetSession)).json().impersonation_access_limit).toBeNull();

    // The impersonator's token is stale now; a refresh brings them back as themselves.
    expect((await me(acting)).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/account/token/refresh',
      headers: acting.headers,
    });
    expect((await me(sessionFrom(refreshed, acting))).json()).toMatchObject({
      id: supporter.id,
      isImpersonating: false,
    });
    const [log] = await t.db
      .select()
      .from(impersonationLogs)
      .where(eq(impersonationLogs.userId, target.id));
    expect(log?.endedAt).toBeInstanceOf(Date);
  });
});

describe('GET /api/users/impersonation-logs', () => {
  it('lists entries of the caller subtree only, paged and sorted', async () => {
    const adminSession = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const inside = await createUser(t.db, 'end_user', {
      company: tenant,
      email: 'logged-inside@example.test',
    });
    const outside = await createUser(t.db, 'end_user', {
      company: otherTenant,
      email: 'logged-outside@example.test',
    });
    for (const target of [inside, outside]) {
      const acting = sessionFrom(await impersonate(adminSession, target.id), adminSession);
      await cancel(acting);
    }

    const all = await t.app.inject({
      method: 'GET',
      url: '/api/users/impersonation-logs?q=logged-&sort=user_email',
      headers: { cookie: adminSession.cookie },
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().meta.total).toBe(2);
    expect(all.json().data.map((row: { user_email: string }) => row.user_email)).toEqual([
      'logged-inside@example.test',
      'logged-outside@example.test',
    ]);
    expect(all.json().data[0]).toMatchObject({
      impersonator_email: ADMIN_EMAIL,
      company_name: 'Tenant',
      ended_at: expect.any(String),
    });

    const paged = await t.app.inject({
      method: 'GET',
      url: '/api/users/impersonation-logs?q=logged-&sort=-user_email&limit=1',
      headers: { cookie: adminSession.cookie },
    });
    expect(paged.json().meta.total).toBe(2);
    expect(paged.json().data).toHaveLength(1);
    expect(paged.json().data[0].user_email).toBe('logged-outside@example.test');

    const tenantAdmin = await loginAs(t.app, await createUser(t.db, 'admin', { company: tenant }));
    const scoped = await t.app.inject({
      method: 'GET',
      url: '/api/users/impersonation-logs?q=logged-',
      headers: { cookie: tenantAdmin.cookie },
    });
    expect(scoped.json().data.map((row: { user_email: string }) => row.user_email)).toEqual([
      'logged-inside@example.test',
    ]);

    const badSort = await t.app.inject({
      method: 'GET',
      url: '/api/users/impersonation-logs?sort=password_hash',
      headers: { cookie: adminSession.cookie },
    });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().errors[0].source).toBe('sort');
  });

  it('needs the view_impersonation_logs permission', async () => {
    const session = await loginAs(t.app, await createUser(t.db, 'end_user'));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/impersonation-logs',
      headers: { cookie: session.cookie, ...SPA_HEADERS },
    });
    expect(response.statusCode).toBe(403);
  });
});

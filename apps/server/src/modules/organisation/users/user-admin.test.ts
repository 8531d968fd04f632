import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfaChallenges, suppressedEmails, userMfa, users } from '@/db/schema';
import type { CompanyRow, UserRow } from '@/db/types';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { confirmPassword, loginAs, type TestSession } from '@test/session';

let t: TestApp;
let tenant: CompanyRow;
let otherTenant: CompanyRow;
let tenantAdmin: UserRow & { password: string };
let admin: TestSession;
let stranger: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await createCompany(t.db, { name: 'Tenant' });
  otherTenant = await createCompany(t.db, { name: 'Other tenant' });
  tenantAdmin = await createUser(t.db, 'admin', { company: tenant });
  stranger = await createUser(t.db, 'end_user', { company: otherTenant, email: 'x@other.test' });
  admin = await loginAs(t.app, tenantAdmin);
});
afterAll(() => t.close());

const call = (
  session: TestSession,
  method: 'DELETE' | 'POST' | 'GET',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
const userRow = async (id: number) => {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
};

describe('DELETE /api/admin/users/mfa', () => {
  it('needs a recent password confirmation (423), then removes the second factor', async () => {
    const target = await createUser(t.db, 'end_user', { company: tenant, mfaType: 'totp' });
    await t.db.insert(userMfa).values({ userId: target.id, totpSecret: 'JBSWY3DPEHPK3PXP' });
    await t.db.insert(mfaChallenges).values({
      userId: target.id,
      purpose: 'login',
      method: 'totp',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const session = await loginAs(t.app, tenantAdmin);

    const locked = await call(session, 'DELETE', '/api/admin/users/mfa', { email: target.email });
    expect(locked.statusCode).toBe(423);
    expect(locked.json().errors[0].code).toBe('PASSWORD_CONFIRMATION_REQUIRED');
    expect((await userRow(target.id))?.mfaType).toBe('totp');

    await confirmPassword(t.app, session, tenantAdmin.password);
    const removed = await call(session, 'DELETE', '/api/admin/users/mfa', {
      email: target.email.toUpperCase(),
    });
    expect(removed.statusCode).toBe(200);
    expect((await userRow(target.id))?.mfaType).toBeNull();
    expect(await t.db.select().from(userMfa).where(eq(userMfa.userId, target.id))).toEqual([]);
    expect(
      await t.db.select().from(mfaChallenges).where(eq(mfaChallenges.userId, target.id)),
    ).toEqual([]);
  });

  it('answers users of other trees like unknown addresses, and requires the e-mail', async () => {
    await confirmPassword(t.app, admin, tenantAdmin.password);
    const foreign = await call(admin, 'DELETE', '/api/admin/users/mfa', { email: stranger.email });
    const unknown = await call(admin, 'DELETE', '/api/admin/users/mfa', {
      email: 'nobody@example.test',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    const missing = await call(admin, 'DELETE', '/api/admin/users/mfa', { email: '' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0]).toMatchObject({
      source: 'email',
      message: 'Email is required',
    });
  });
});

describe('DELETE /api/admin/users', () => {
  it('deletes the user with that e-mail after a password confirmation', async () => {
    const target = await createUser(t.db, 'end_user', { company: tenant });
    const session = await loginAs(t.app, tenantAdmin);
    expect(
      (await call(session, 'DELETE', '/api/admin/users', { email: target.email })).statusCode,
    ).toBe(423);
    await confirmPassword(t.app, session, tenantAdmin.password);
    const response = await call(session, 'DELETE', '/api/admin/users', { email: target.email });
    expect(response.statusCode).toBe(200);
    expect(await userRow(target.id)).toBeUndefined();

    const self = await call(session, 'DELETE', '/api/admin/users', { email: tenantAdmin.email });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors[0]).toMatchObject({ source: 'email' });
    const foreign = await call(session, 'DELETE', '/api/admin/users', { email: stranger.email });
    expect(foreign.statusCode).toBe(404);
    expect(await userRow(stranger.id)).toBeDefined();
  });

  it('needs manage_users', async () => {
    const guest = await createUser(t.db, 'readonly_admin', { company: tenant });
    const session = await loginAs(t.app, guest);
    await confirmPassword(t.app, session, guest.password);
    const response = await call(session, 'DELETE', '/api/admin/users', { email: stranger.email });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/admin/users/sso', () => {
  it('makes the user the only SSO administrator of their company', async () => {
    const first = await createUser(t.db, 'admin', { company: tenant });
    const second = await createUser(t.db, 'end_user', { company: tenant });
    const foreignSso = await createUser(t.db, 'admin', { company: otherTenant });
    await t.db.update(users).set({ ssoAdmin: true }).where(eq(users.id, foreignSso.id));

    const assigned = await call(admin, 'POST', '/api/admin/users/sso', { email: first.email });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data).toMatchObject({ id: first.id, sso_admin: true });
    const reassigned = await call(admin, 'POST', '/api/admin/users/sso', { email: second.email });
    expect(reassigned.json().data).toMatchObject({ id: second.id, sso_admin: true });
    expect((await userRow(first.id))?.ssoAdmin).toBe(false);
    expect((await userRow(foreignSso.id))?.ssoAdmin).toBe(true);

    expect(
      (await call(admin, 'POST', '/api/admin/users/sso', { email: stranger.email })).statusCode,
    ).toBe(404);
    expect((await call(admin, 'POST', '/api/admin/users/sso', {})).statusCode).toBe(422);
  });
});

describe('suppressed e-mails', () => {
  beforeAll(async () => {
    const member = await createUser(t.db, 'end_user', {
      company: tenant,
      email: 'bounce@tenant.test',
    });
    await t.db.insert(suppressedEmails).values([
      { email: member.email, reason: '550 5.1.1 unknown user' },
      { email: 'X@Other.test', reason: '550 mailbox full' },
      { email: 'ghost@nowhere.test', reason: '550 no such domain' },
    ]);
  });

  const listed = async (session: TestSession, query = '') =>
    (await call(session, 'GET', `/api/suppressed-emails${query}`)).json<{
      data: { email: string; reason: string }[];
      meta: { total: number };
    }>();

  it('lists the addresses of your users only; a super admin sees them all', async () => {
    const mine = await listed(admin);
    expect(mine.data).toEqual([
      expect.objectContaining({ email: 'bounce@tenant.test', reason: '550 5.1.1 unknown user' }),
    ]);
    expect(mine.meta.total).toBe(1);
    const superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect((await listed(superAdmin, '?sort=email')).data.map((row) => row.email)).toEqual([
      'bounce@tenant.test',
      'ghost@nowhere.test',
      'X@Other.test',
    ]);
    expect((await listed(superAdmin, '?q=ghost')).meta.total).toBe(1);
  });

  it('removes an address of your users; others and unlisted ones are not found', async () => {
    const foreign = await call(admin, 'DELETE', '/api/suppressed-emails/x@other.test');
    expect(foreign.statusCode).toBe(404);
    const unlisted = await call(admin, 'DELETE', '/api/suppressed-emails/zoe@tenant.test');
    expect(unlisted.statusCode).toBe(404);
    expect(unlisted.json().errors[0].message).toBe(
      'This e-mail address is not on the suppression list',
    );
    const removed = await call(admin, 'DELETE', '/api/suppressed-emails/BOUNCE@tenant.test');
    expect(removed.statusCode).toBe(200);
    expect((await listed(admin)).meta.total).toBe(0);
    expect((await call(admin, 'DELETE', '/api/suppressed-emails/not-an-address')).statusCode).toBe(
      400,
    );

    const superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(
      (await call(superAdmin, 'DELETE', '/api/suppressed-emails/ghost@nowhere.test')).statusCode,
    ).toBe(200);
    const left = await t.db.select().from(suppressedEmails);
    expect(left.map((row) => row.email)).toEqual(['X@Other.test']);
  });
});

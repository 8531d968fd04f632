import { toApiDate } from '@netfleet/contracts';
import type { User } from '@netfleet/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, rolePermissions, roles, users } from '@/db/schema';
import type { CompanyRow, UserRow } from '@/db/types';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

let t: TestApp;
let tenant: CompanyRow;
let subsidiary: CompanyRow;
let otherTenant: CompanyRow;
let tenantAdmin: UserRow & { password: string };
let admin: TestSession;
let superAdmin: TestSession;
let member: UserRow;
let below: UserRow;
let stranger: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await createCompany(t.db, { name: 'Tenant' });
  subsidiary = await createCompany(t.db, { parent: tenant, name: 'Branch' });
  otherTenant = await createCompany(t.db, { name: 'Other tenant' });
  tenantAdmin = await createUser(t.db, 'admin', { company: tenant, email: 'boss@tenant.test' });
  member = await createUser(t.db, 'end_user', {
    company: tenant,
    email: 'zoe@tenant.test',
    mfaType: 'totp',
  });
  below = await createUser(t.db, 'read_only', { company: subsidiary, email: 'amy@branch.test' });
  stranger = await createUser(t.db, 'end_user', { company: otherTenant, email: 'x@other.test' });
  admin = await loginAs(t.app, tenantAdmin);
  superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
});
afterAll(() => t.close());

const get = (session: TestSession, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
const list = async (session: TestSession, query = '') => {
  const response = await get(session, `/api/users${query}`);
  return {
    status: response.statusCode,
    body: response.json<{ data: User[]; meta: { total: number; _total: number } }>(),
  };
};
const emails = (rows: User[]) => rows.map((row) => row.email);
const send = (session: TestSession, method: 'DELETE' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

/** A custom role of `company` granting exactly `permissions`. */
const customRole = async (company: CompanyRow, name: string, permissions: string[]) => {
  const [role] = await t.db
    .insert(roles)
    .values({ name, title: name.replace('_', ' '), companyId: company.id })
    .returning();
  if (!role) throw new Error('role insert failed');
  await t.db
    .insert(rolePermissions)
    .values(permissions.map((permission) => ({ roleId: role.id, permission })));
  return role;
};

describe('GET /api/users', () => {
  it('lists the users of your company subtree with the user fields and the total', async () => {
    const { status, body } = await list(admin, '?sort=email');
    expect(status).toBe(200);
    expect(emails(body.data)).toEqual(['amy@branch.test', 'boss@tenant.test', 'zoe@tenant.test']);
    expect(body.meta.total).toBe(3);
    // RMS names the total `_total` here; both carry it.
    expect(body.meta._total).toBe(3);
    const [stored] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(body.data.find((row) => row.email === 'zoe@tenant.test')).toEqual({
      id: member.id,
      email: 'zoe@tenant.test',
      username: 'zoe',
      company_id: tenant.id,
      company_name: 'Tenant',
      role: 3,
      role_id: 3,
      role_name: 'end_user',
      role_title: 'End Client',
      mfa_type: 'totp',
      email_verified: true,
      sso_admin: false,
      created_at: toApiDate(member.createdAt),
      updated_at: stored ? toApiDate(stored.updatedAt) : undefined,
    });
  });

  it('answers updated_at from the row, moved on by a change', async () => {
    const later = new Date('2030-01-02T03:04:05.000Z');
    await t.db.update(users).set({ updatedAt: later }).where(eq(users.id, member.id));
    const { body } = await list(admin, `?id=${member.id}`);
    expect(body.data[0]?.updated_at).toBe(toApiDate(later));
  });

  it('filters by role name or id, company and search text, and pages in SQL', async () => {
    expect(emails((await list(admin, '?role=end_user')).body.data)).toEqual(['zoe@tenant.test']);
    expect(emails((await list(admin, '?role=4')).body.data)).toEqual(['amy@branch.test']);
    expect((await list(admin, '?role=99999999999')).body.meta.total).toBe(0);
    const branch = await list(admin, `?company_id=${subsidiary.id}`);
    expect(emails(branch.body.data)).toEqual(['amy@branch.test']);
    expect(emails((await list(admin, '?q=BOSS')).body.data)).toEqual(['boss@tenant.test']);
    expect(emails((await list(admin, '?q=tenant&search-fields=username')).body.data)).toEqual([]);
    const page = await list(admin, '?sort=-company_name,email&limit=1&offset=1');
    expect(page.body.meta.total).toBe(3);
    expect(emails(page.body.data)).toEqual(['zoe@tenant.test']);
    expect((await list(admin, '?sort=password_hash')).status).toBe(400);
    expect((await list(admin, '?q=x&search-fields=password_hash')).status).toBe(400);
  });

  it('never shows another tree, even when asked by company', async () => {
    const { body } = await list(admin, `?company_id=${otherTenant.id}`);
    expect(body.meta.total).toBe(0);
    const all = await list(superAdmin, '?q=other.test');
    expect(emails(all.body.data)).toEqual(['x@other.test']);
  });

  it('shows only its own company to a role without access_child_companies', async () => {
    const viewerRole = await customRole(tenant, 'user_viewer', ['view_users']);
    const viewer = await createUser(t.db, 'end_user', { company: tenant });
    await t.db.update(users).set({ roleId: viewerRole.id }).where(eq(users.id, viewer.id));
    const { body } = await list(await loginAs(t.app, viewer));
    expect(emails(body.data)).not.toContain('amy@branch.test');
    expect(emails(body.data)).toContain('zoe@tenant.test');
    await t.db.delete(users).where(eq(users.id, viewer.id));
  });

  it('needs view_users', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    const endUser = await createUser(t.db, 'end_user', { company: tenant });
    expect((await list(await loginAs(t.app, endUser))).status).toBe(403);
    await t.db.delete(users).where(eq(users.id, endUser.id));
  });
});

describe('GET /api/users/{id}', () => {
  it('answers a user of the subtree and 404 for one of another tree, like an unknown id', async () => {
    const mine = await get(admin, `/api/users/${below.id}`);
    expect(mine.statusCode).toBe(200);
    // RMS: `role` is the role's name here (an id in the list), with the company's place in the tree.
    expect(mine.json().data).toMatchObject({
      email: 'amy@branch.test',
      company_name: 'Branch',
      role: 'read_only',
      role_id: 4,
      company_level: subsidiary.level,
      company_parent_id: tenant.id,
      updated_at: expect.any(String),
    });
    const foreign = await get(admin, `/api/users/${stranger.id}`);
    const unknown = await get(admin, '/api/users/99999999');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect((await get(admin, '/api/users/abc')).statusCode).toBe(400);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes a user of the subtree and records it', async () => {
    const leaving = await createUser(t.db, 'end_user', { company: subsidiary });
    const response = await send(admin, 'DELETE', `/api/users/${leaving.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await get(admin, `/api/users/${leaving.id}`)).statusCode).toBe(404);
    const [logged] = await t.db
      .select()
      .from(actionLogs)
      .where(eq(actionLogs.action, 'user_delete'))
      .orderBy(desc(actionLogs.id))
      .limit(1);
    expect(logged).toMatchObject({ userId: tenantAdmin.id, entityId: String(leaving.id) });
  });

  it('refuses yourself (422), other trees (404) and callers without manage_users (403)', async () => {
    const self = await send(admin, 'DELETE', `/api/users/${tenantAdmin.id}`);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors[0].message).toBe('You cannot delete yourself');
    expect((await send(admin, 'DELETE', `/api/users/${stranger.id}`)).statusCode).toBe(404);
    const guest = await createUser(t.db, 'readonly_admin', { company: tenant });
    const refused = await send(await loginAs(t.app, guest), 'DELETE', `/api/users/${below.id}`);
    expect(refused.statusCode).toBe(403);
    expect((await get(admin, `/api/users/${below.id}`)).statusCode).toBe(200);
  });

  it('lets only a super admin delete the super admin of the root company', async () => {
    const rootAdmin = await createUser(t.db, 'admin');
    const [root] = await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    const response = await send(
      await loginAs(t.app, rootAdmin),
      'DELETE',
      `/api/users/${root?.id}`,
    );
    expect(response.statusCode).toBe(403);
    const other = await createUser(t.db, 'super_admin');
    expect((await send(superAdmin, 'DELETE', `/api/users/${other.id}`)).statusCode).toBe(200);
  });
});

describe('PUT /api/users/{id}/role', () => {
  const setRole = (session: TestSession, id: number, roleId: number) =>
    send(session, 'PUT', `/api/users/${id}/role`, { role_id: roleId });

  it('gives a role the caller may assign and answers the user', async () => {
    const response = await setRole(admin, below.id, 3);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: below.id, role_name: 'end_user' });
    expect((await setRole(admin, below.id, 2)).statusCode).toBe(200);
  });

  it('refuses the roles an administrator cannot invite (super_admin, support)', async () => {
    for (const roleId of [1, 5]) {
      const response = await setRole(admin, below.id, roleId);
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0]).toMatchObject({
        message: 'You cannot assign this role',
        source: 'role_id',
      });
    }
    // A super admin may give support.
    expect((await setRole(superAdmin, below.id, 5)).statusCode).toBe(200);
  });

  it('allows a custom role of the user company only within the caller permissions', async () => {
    const viewer = await customRole(subsidiary, 'device_viewer', ['view_devices']);
    const mighty = await customRole(subsidiary, 'smtp_admin', ['view_devices', 'manage_smtp']);
    const elsewhere = await customRole(otherTenant, 'foreign_viewer', ['view_devices']);
    expect((await setRole(admin, below.id, viewer.id)).json().data).toMatchObject({
      role_id: viewer.id,
      role_name: 'device_viewer',
    });
    expect((await setRole(admin, below.id, mighty.id)).statusCode).toBe(403);
    expect((await setRole(admin, below.id, elsewhere.id)).statusCode).toBe(403);
    expect((await setRole(admin, below.id, 999999)).statusCode).toBe(403);
  });

  it('refuses your own role (422) and users of other trees (404)', async () => {
    expect((await setRole(admin, tenantAdmin.id, 3)).statusCode).toBe(422);
    expect((await setRole(admin, stranger.id, 3)).statusCode).toBe(404);
    expect((await setRole(admin, below.id, 0)).statusCode).toBe(422);
  });
});

import { type CurrentUser, defaultRole, type Role } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { createActionLogRepository } from '@/modules/system/action-log/action-log.repository';
import { createActionLogService } from '@/modules/system/action-log/action-log.service';
import { createAuthRepository } from '@/modules/identity/auth/auth.repository';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { createCompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { createCustomRole, createUserWithPermissions } from './roles.fixtures';
import { createRolesRepository } from './roles.repository';
import { createRolesService, type RolesService } from './roles.service';

let t: TestApp;
let roles: RolesService;
let treeA: CompanyRow;
let childA: CompanyRow;
let treeB: CompanyRow;
let adminA: { id: number; session: TestSession };
let superAdmin: TestSession;
/** Custom roles of childA: one within an admin's permissions, one beyond them. */
let modest: { id: number };
let mighty: { id: number };

const authOf = async (userId: number): Promise<AuthContext> => {
  const identity = await createAuthRepository(t.db).loadIdentity(userId);
  if (!identity) throw new Error(`no user ${userId}`);
  return {
    ...identity,
    realUser: identity.user,
    impersonating: false,
    via: 'session',
    sessionId: null,
    tokenId: null,
    exp: 0,
    passwordConfirmedAt: null,
  };
};

beforeAll(async () => {
  t = await buildTestApp();
  roles = createRolesService({
    rolesRepository: createRolesRepository(t.db),
    companies: createCompaniesRepository(t.db),
    actionLog: createActionLogService({ actionLogRepository: createActionLogRepository(t.db) }),
    transaction: (fn) => t.db.transaction(fn),
  });
  treeA = await createCompany(t.db, { name: 'Alpha' });
  childA = await createCompany(t.db, { parent: treeA, name: 'Alpha Child' });
  treeB = await createCompany(t.db, { name: 'Beta' });
  modest = await createCustomRole(t.db, childA, ['view_devices', 'invite_users']);
  mighty = await createCustomRole(t.db, childA, ['view_devices', 'manage_smtp']);
  const user = await createUser(t.db, 'admin', { company: treeA });
  adminA = { id: user.id, session: await loginAs(t.app, user) };
  superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
});
afterAll(() => t.close());

const inviteable = async (session: TestSession, companyId: number) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/roles?inviteable=true&company_id=${companyId}&limit=100`,
    headers: session.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Role[] }>().data.map((role) => role.id);
};
const ids = (...names: Parameters<typeof defaultRole>[0][]) =>
  names.map((name) => defaultRole(name).id);

describe('GET /api/roles?inviteable=true', () => {
  it('offers an admin the spec default roles and the custom roles within its permissions', async () => {
    expect((await inviteable(adminA.session, childA.id)).sort()).toEqual(
      [...ids('admin', 'end_user', 'read_only', 'readonly_admin'), modest.id].sort(),
    );
    // Custom roles belong to their company: none of childA's are offered for treeA.
    expect((await inviteable(adminA.session, treeA.id)).sort()).toEqual(
      ids('admin', 'end_user', 'read_only', 'readonly_admin').sort(),
    );
  });

  it('offers a super admin support too, and every custom role', async () => {
    expect((await inviteable(superAdmin, childA.id)).sort()).toEqual(
      [
        ...ids('admin', 'end_user', 'read_only', 'support', 'readonly_admin'),
        modest.id,
        mighty.id,
      ].sort(),
    );
  });

  it('offers nothing in a company the caller cannot see', async () => {
    expect(await inviteable(adminA.session, treeB.id)).toEqual([]);
  });

  it('never treats a custom role named like a default one as that role', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: adminA.session.headers,
      payload: {
        title: 'Admin',
        company_id: treeA.id,
        permission_id: ['view_roles', 'invite_users', 'view_devices'],
      },
    });
    const role = created.json<{ data: Role }>().data;
    expect(role.name).toBe('custom_admin');
    const fakeAdmin = await createUser(t.db, 'end_user', { company: treeA });
    await t.db.update(users).set({ roleId: role.id }).where(eq(users.id, fakeAdmin.id));
    // Without a default role it invites no default role, only custom roles within its permissions.
    const session = await loginAs(t.app, fakeAdmin);
    expect(await inviteable(session, treeA.id)).toEqual([role.id]);
  });
});

describe('canAssignRole / assignableRoles', () => {
  it('answers per role and company', async () => {
    const auth = await authOf(adminA.id);
    const admin = defaultRole('admin').id;
    expect(await roles.canAssignRole(auth, admin, childA.id)).toBe(true);
    expect(await roles.canAssignRole(auth, defaultRole('super_admin').id, childA.id)).toBe(false);
    expect(await roles.canAssignRole(auth, defaultRole('support').id, childA.id)).toBe(false);
    expect(await roles.canAssignRole(auth, modest.id, childA.id)).toBe(true);
    expect(await roles.canAssignRole(auth, modest.id, treeA.id)).toBe(false);
    expect(await roles.canAssignRole(auth, mighty.id, childA.id)).toBe(false);
    expect(await roles.canAssignRole(auth, admin, treeB.id)).toBe(false);
    expect(await roles.canAssignRole(auth, 2_000_000_000, childA.id)).toBe(false);
    const offered = await roles.assignableRoles(auth, childA.id);
    expect(offered.map((role) => role.id)).toContain(modest.id);
    expect(offered.map((role) => role.id)).not.toContain(mighty.id);
  });

  it('gives custom roles only to callers who may invite users', async () => {
    const editor = await createUserWithPermissions(t.db, childA, ['view_devices', 'manage_roles']);
    const auth = await authOf(editor.id);
    const own = await createCustomRole(t.db, childA, ['view_devices']);
    expect(await roles.canAssignRole(auth, own.id, childA.id)).toBe(false);
  });
});

describe('GET /api/user with a custom role', () => {
  it('shows the role title and exactly its permissions', async () => {
    const user = await createUserWithPermissions(t.db, childA, ['view_devices', 'view_tags']);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: (await loginAs(t.app, user)).headers,
    });
    const current = response.json<CurrentUser>();
    expect(current.role).toEqual({
      id: user.roleId,
      name: expect.stringMatching(/^fixture_/),
      title: expect.stringMatching(/^Fixture /),
    });
    expect(current.role_title).toBe(current.role.title);
    expect(current.permissions).toEqual(['view_devices', 'view_tags']);
  });
});

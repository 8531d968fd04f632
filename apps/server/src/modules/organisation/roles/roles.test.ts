import {
  defaultRole,
  PERMISSIONS,
  ROLE_MESSAGES,
  type Role,
  type RolePermission,
  toApiDate,
} from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, users } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { createCustomRole, createUserWithPermissions } from './roles.fixtures';

let t: TestApp;
let superAdmin: TestSession;
let treeA: CompanyRow;
let childA: CompanyRow;
let treeB: CompanyRow;
let adminA: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  treeA = await createCompany(t.db, { name: 'Alpha' });
  childA = await createCompany(t.db, { parent: treeA, name: 'Alpha Child' });
  treeB = await createCompany(t.db, { name: 'Beta' });
  superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  adminA = await loginAs(t.app, await createUser(t.db, 'admin', { company: treeA }));
});
afterAll(() => t.close());

type Body = {
  data: Role & Role[];
  meta: { total: number };
  errors: { code: string; message: string; source: string | null }[];
};

const call = async (
  session: TestSession,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => {
  const response = await t.app.inject({
    method,
    url,
    headers: session.headers,
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json<Body>() };
};
const createRole = async (session: TestSession, payload: object) => {
  const { status, body } = await call(session, 'POST', '/api/roles', payload);
  if (status !== 200) throw new Error(`role create failed: ${status} ${JSON.stringify(body)}`);
  return body.data;
};
const permissionTable = async (session: TestSession, roleId: number, query = '') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/roles/${roleId}/permissions${query}`,
    headers: session.headers,
  });
  return response.json<{ data: RolePermission[]; meta: { total: number } }>();
};
const enabled = (rows: RolePermission[]) => rows.filter((p) => p.enabled).map((p) => p.name);
const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
const admin = defaultRole('admin');

describe('custom roles', () => {
  it('creates a role from some of the caller permissions and shows them all', async () => {
    const created = await call(adminA, 'POST', '/api/roles', {
      title: ' Field Technician ',
      description: 'Visits sites',
      company_id: childA.id,
      permission_id: ['view_devices', 'view_tags', 'view_devices'],
    });
    // RMS answers 200 to POST /roles.
    expect(created.status).toBe(200);
    const role = created.body.data;
    expect(role).toEqual({
      id: expect.any(Number),
      name: 'field_technician',
      title: 'Field Technician',
      description: 'Visits sites',
      company_id: childA.id,
      company_name: 'Alpha Child',
      permissions_count: 2,
      is_default: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [stored] = await t.db.select().from(roles).where(eq(roles.id, role.id));
    expect(role.created_at).toBe(stored && toApiDate(stored.createdAt));
    expect(role.updated_at).toBe(stored && toApiDate(stored.updatedAt));
    expect((await call(adminA, 'GET', `/api/roles/${role.id}`)).body.data).toEqual(role);

    const table = await permissionTable(adminA, role.id);
    expect(table.meta.total).toBe(PERMISSIONS.length);
    expect(enabled(table.data)).toEqual(['view_devices', 'view_tags']);
    expect(table.data.find((p) => p.name === 'view_tags')).toEqual({
      id: null,
      name: 'view_tags',
      title: 'View tags',
      description: 'View tags',
      category: 'Administration',
      enabled: true,
      created_at: null,
    });
    const searched = await permissionTable(adminA, role.id, '?q=VPN');
    expect(searched.data.map((p) => p.name)).toEqual([
      'view_device_remote_access',
      'manage_device_remote_access',
      'view_vpn_hubs',
      'manage_vpn_hubs',
    ]);
  });

  it('edits the title, description and permission set', async () => {
    const role = await createRole(adminA, {
      title: 'Editor',
      company_id: treeA.id,
      permission_id: ['view_devices'],
    });
    const edited = await call(adminA, 'PUT', `/api/roles/${role.id}`, {
      id: role.id,
      title: 'Chief Editor',
      description: 'Edits',
      permission_id: ['view_reports', 'manage_reports'],
    });
    expect(edited.body.data).toMatchObject({
      name: 'chief_editor',
      title: 'Chief Editor',
      description: 'Edits',
      permissions_count: 2,
    });
    const replaced = await call(adminA, 'PUT', '/api/roles/permissions', {
      role_id: role.id,
      permission_id: ['view_files'],
    });
    expect(replaced.body.data.permissions_count).toBe(1);
    expect(enabled((await permissionTable(adminA, role.id)).data)).toEqual(['view_files']);
  });

  it('takes RMS arrays: company_id of one company, role_id of several roles', async () => {
    const first = await createRole(adminA, {
      title: 'Array One',
      company_id: [treeA.id],
      permission_id: ['view_devices'],
    });
    expect(first).toMatchObject({ company_id: treeA.id, permissions_count: 1 });
    const two = await call(adminA, 'POST', '/api/roles', {
      title: 'Array Two',
      company_id: [treeA.id, childA.id],
    });
    expect(two.status).toBe(422);
    expect(two.body.errors[0]).toMatchObject({
      message: 'A role belongs to one company',
      source: 'company_id',
    });
    const second = await createRole(adminA, { title: 'Array Three', company_id: childA.id });
    const both = await call(adminA, 'PUT', '/api/roles/permissions', {
      role_id: [first.id, second.id],
      permission_id: ['view_files', 'view_tags'],
    });
    expect(both.status).toBe(200);
    expect(both.body.data.map((role) => [role.id, role.permissions_count])).toEqual([
      [first.id, 2],
      [second.id, 2],
    ]);
    expect(enabled((await permissionTable(adminA, second.id)).data)).toEqual([
      'view_tags',
      'view_files',
    ]);
    // One role out of reach and nothing changes.
    const partly = await call(adminA, 'PUT', '/api/roles/permissions', {
      role_id: [first.id, admin.id],
      permission_id: [],
    });
    expect(partly.status).toBeGreaterThanOrEqual(400);
    expect(enabled((await permissionTable(adminA, first.id)).data)).toHaveLength(2);
    for (const role of [first, second]) await call(adminA, 'DELETE', `/api/roles/${role.id}`);
  });

  it('validates with the field as source', async () => {
    const long = await call(adminA, 'POST', '/api/roles', {
      title: 'x'.repeat(46),
      company_id: treeA.id,
    });
    expect(long.status).toBe(422);
    expect(long.body.errors[0]?.source).toBe('title');
    const unknown = await call(adminA, 'POST', '/api/roles', {
      title: 'Flyer',
      company_id: treeA.id,
      permission_id: ['view_devices', 'fly_drones'],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([
      {
        code: 'VALIDATION_ERROR',
        message: ROLE_MESSAGES.unknownPermission,
        source: 'permission_id.1',
      },
    ]);
    const noCompany = await call(adminA, 'POST', '/api/roles', { title: 'Orphan' });
    expect(noCompany.body.errors[0]?.source).toBe('company_id');

    await createRole(adminA, { title: 'Night Shift', company_id: treeA.id });
    const duplicate = await call(adminA, 'POST', '/api/roles', {
      title: 'night shift',
      company_id: treeA.id,
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors[0]).toMatchObject({ code: 'CONFLICT', source: 'title' });
  });

  it('refuses granting permissions the caller does not have', async () => {
    for (const permission of ['manage_smtp', 'super_admin']) {
      const { status, body } = await call(adminA, 'POST', '/api/roles', {
        title: `Escalate ${permission}`,
        company_id: treeA.id,
        permission_id: ['view_devices', permission],
      });
      expect(status, permission).toBe(403);
      expect(body.errors[0]?.message).toBe(ROLE_MESSAGES.escalation);
    }
    const limited = await loginAs(
      t.app,
      await createUserWithPermissions(t.db, treeA, ['view_roles', 'manage_roles', 'view_devices']),
    );
    const role = await createRole(limited, {
      title: 'Viewer',
      company_id: treeA.id,
      permission_id: ['view_devices'],
    });
    const widen = await call(limited, 'PUT', '/api/roles/permissions', {
      role_id: role.id,
      permission_id: ['view_devices', 'manage_users'],
    });
    expect(widen.status).toBe(403);
    const widenViaPut = await call(limited, 'PUT', `/api/roles/${role.id}`, {
      permission_id: ['manage_roles', 'impersonate_users'],
    });
    expect(widenViaPut.status).toBe(403);
    expect((await call(limited, 'GET', `/api/roles/${role.id}`)).body.data.permissions_count).toBe(
      1,
    );
    // A system administrator may grant anything, super_admin included.
    const root = await createRole(superAdmin, {
      title: 'Operators',
      company_id: treeB.id,
      permission_id: ['super_admin', 'manage_smtp'],
    });
    expect(root.permissions_count).toBe(2);
  });

  it('refuses removing a role someone still has', async () => {
    const role = await createRole(adminA, { title: 'Temporary', company_id: treeA.id });
    const holder = await createUser(t.db, 'end_user', { company: treeA });
    await t.db.update(users).set({ roleId: role.id }).where(eq(users.id, holder.id));
    const refused = await call(adminA, 'DELETE', `/api/roles/${role.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]?.message).toBe('Role is assigned to 1 user(s)');

    await t.db.update(users).set({ roleId: admin.id }).where(eq(users.id, holder.id));
    expect((await call(adminA, 'DELETE', `/api/roles/${role.id}`)).body).toEqual({ success: true });
    expect((await call(adminA, 'GET', `/api/roles/${role.id}`)).status).toBe(404);
  });
});

describe('default roles and scoping', () => {
  it('never changes a default role', async () => {
    for (const [method, url, payload] of [
      ['PUT', `/api/roles/${admin.id}`, { title: 'Boss' }],
      ['DELETE', `/api/roles/${admin.id}`, undefined],
      ['PUT', '/api/roles/permissions', { role_id: admin.id, permission_id: [] }],
    ] as const) {
      const { status, body } = await call(superAdmin, method, url, payload);
      expect(status, `${method} ${url}`).toBe(403);
      expect(body.errors[0]).toMatchObject({
        code: 'FORBIDDEN',
        message: ROLE_MESSAGES.defaultImmutable,
      });
    }
    const role = await call(superAdmin, 'GET', `/api/roles/${admin.id}`);
    expect(role.body.data).toMatchObject({ title: 'Administrator', is_default: true });
    expect(role.body.data.permissions_count).toBe(admin.permissions.length);
  });

  it('lists default roles (super_admin to super admins only) and visible custom roles', async () => {
    const foreign = await createCustomRole(t.db, treeB, ['view_devices']);
    const mine = await call(adminA, 'GET', '/api/roles?limit=100');
    const listed = ids(mine.body.data);
    expect(listed.slice(0, 5)).toEqual([2, 3, 4, 5, 6]);
    expect(listed).not.toContain(1);
    expect(listed).not.toContain(foreign.id);
    expect(mine.body.meta.total).toBe(listed.length);
    expect(
      mine.body.data.filter((r) => !r.is_default).every((r) => r.company_name?.startsWith('Alpha')),
    ).toBe(true);

    const everything = await call(superAdmin, 'GET', '/api/roles?limit=100');
    expect(ids(everything.body.data)).toEqual(expect.arrayContaining([1, foreign.id]));
    expect((await call(adminA, 'GET', '/api/roles/1')).status).toBe(404);

    const defaults = await call(adminA, 'GET', '/api/roles?type=default');
    expect(ids(defaults.body.data)).toEqual([2, 3, 4, 5, 6]);
    const childOnly = await call(adminA, 'GET', `/api/roles?type=custom&company_id=${childA.id}`);
    expect(childOnly.body.data.map((r) => r.title)).toEqual(['Field Technician']);
    const search = await call(adminA, 'GET', '/api/roles?q=technician');
    expect(search.body.data.map((r) => r.title)).toEqual(['Field Technician']);
  });

  it('answers 404 for a role of another tree', async () => {
    const foreign = await createCustomRole(t.db, treeB, ['view_devices']);
    for (const [method, url, payload] of [
      ['GET', `/api/roles/${foreign.id}`, undefined],
      ['GET', `/api/roles/${foreign.id}/permissions`, undefined],
      ['PUT', `/api/roles/${foreign.id}`, { title: 'Mine now' }],
      ['PUT', '/api/roles/permissions', { role_id: foreign.id, permission_id: [] }],
      ['DELETE', `/api/roles/${foreign.id}`, undefined],
    ] as const) {
      expect((await call(adminA, method, url, payload)).status, `${method} ${url}`).toBe(404);
    }
    const into = await call(adminA, 'POST', '/api/roles', {
      title: 'Planted',
      company_id: treeB.id,
    });
    expect(into.status).toBe(404);
    expect(into.body.errors[0]?.source).toBe('company_id');
  });

  it('shows only the own company custom roles without access_child_companies', async () => {
    const viewer = await loginAs(
      t.app,
      await createUserWithPermissions(t.db, treeA, ['view_roles', 'view_permissions']),
    );
    const custom = await call(viewer, 'GET', '/api/roles?type=custom&limit=100');
    expect(custom.body.data.length).toBeGreaterThan(0);
    expect(custom.body.data.every((role) => role.company_id === treeA.id)).toBe(true);
  });
});

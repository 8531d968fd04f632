import type { UserMoveLog } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, userMoveLogs, users } from '@/db/schema';
import type { CompanyRow, UserRow } from '@/db/types';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

let t: TestApp;
let tenant: CompanyRow;
let branch: CompanyRow;
let otherTenant: CompanyRow;
let tenantAdmin: UserRow & { password: string };
let admin: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await createCompany(t.db, { name: 'Tenant' });
  branch = await createCompany(t.db, { parent: tenant, name: 'Branch' });
  otherTenant = await createCompany(t.db, { name: 'Other tenant' });
  tenantAdmin = await createUser(t.db, 'admin', { company: tenant, email: 'boss@tenant.test' });
  admin = await loginAs(t.app, tenantAdmin);
});
afterAll(() => t.close());

const move = (session: TestSession, userIds: number[], companyId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/move',
    headers: session.headers,
    payload: { user_id: userIds, company_id: companyId },
  });
const logs = async (session: TestSession, query = '') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/users/move-logs${query}`,
    headers: { cookie: session.cookie },
  });
  return {
    status: response.statusCode,
    body: response.json<{ data: UserMoveLog[]; meta: { total: number } }>(),
  };
};
const companyOf = async (userId: number) => {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return row?.companyId;
};

describe('POST /api/users/move', () => {
  it('moves users with a role still assignable there and logs each move with the names', async () => {
    const ann = await createUser(t.db, 'end_user', { company: tenant, email: 'ann@tenant.test' });
    const ben = await createUser(t.db, 'read_only', { company: tenant, email: 'ben@tenant.test' });
    const response = await move(admin, [ann.id, ben.id], branch.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { moved: [ann.id, ben.id] } });
    expect(await companyOf(ann.id)).toBe(branch.id);
    expect(await companyOf(ben.id)).toBe(branch.id);

    const { status, body } = await logs(admin, '?sort=user_email');
    expect(status).toBe(200);
    expect(body.meta.total).toBe(2);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      user_id: ann.id,
      user_email: 'ann@tenant.test',
      from_company_id: tenant.id,
      from_company_name: 'Tenant',
      to_company_id: branch.id,
      to_company_name: 'Branch',
      moved_by_email: 'boss@tenant.test',
      created_at: expect.any(String),
    });
  });

  it('moves what it can and reports the others per user (207, source = user id)', async () => {
    const keeper = await createUser(t.db, 'end_user', { company: branch });
    const [custom] = await t.db
      .insert(roles)
      .values({ name: 'branch_only', title: 'Branch only', companyId: branch.id })
      .returning();
    const special = await createUser(t.db, 'end_user', { company: branch });
    await t.db.update(users).set({ roleId: custom?.id }).where(eq(users.id, special.id));
    const stranger = await createUser(t.db, 'end_user', { company: otherTenant });

    const response = await move(
      admin,
      [keeper.id, special.id, stranger.id, tenantAdmin.id],
      tenant.id,
    );
    expect(response.statusCode).toBe(207);
    const body = response.json();
    expect(body.data).toEqual({ moved: [keeper.id] });
    expect(body.errors).toEqual([
      {
        code: 'VALIDATION_ERROR',
        message: 'The role Branch only cannot be used in Tenant',
        source: String(special.id),
      },
      { code: 'NOT_FOUND', message: 'User not found', source: String(stranger.id) },
      {
        code: 'VALIDATION_ERROR',
        message: 'You cannot move yourself',
        source: String(tenantAdmin.id),
      },
    ]);
    expect(await companyOf(special.id)).toBe(branch.id);
    expect(await companyOf(stranger.id)).toBe(otherTenant.id);
  });

  it('answers 404 when nothing was found and 422 when nothing could move', async () => {
    const stranger = await createUser(t.db, 'end_user', { company: otherTenant });
    expect((await move(admin, [stranger.id], tenant.id)).statusCode).toBe(404);
    const self = await move(admin, [tenantAdmin.id], branch.id);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({
      success: false,
      errors: [{ source: String(tenantAdmin.id) }],
    });
  });

  it('refuses a company of another tree as not found, and moves nobody', async () => {
    const ann = await createUser(t.db, 'end_user', { company: tenant });
    const response = await move(admin, [ann.id], otherTenant.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0]).toMatchObject({ source: 'company_id' });
    expect(await companyOf(ann.id)).toBe(tenant.id);
  });

  it('validates the body and needs manage_users', async () => {
    const empty = await move(admin, [], branch.id);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0].source).toBe('user_id');
    const guest = await createUser(t.db, 'readonly_admin', { company: tenant });
    expect((await move(await loginAs(t.app, guest), [guest.id], branch.id)).statusCode).toBe(403);
  });
});

describe('GET /api/users/move-logs', () => {
  it('shows moves out of or into your companies only, to holders of view_user_move_logs', async () => {
    const superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const outsider = await createUser(t.db, 'end_user', { company: otherTenant });
    const elsewhere = await createCompany(t.db, { name: 'Elsewhere' });
    expect((await move(superAdmin, [outsider.id], elsewhere.id)).statusCode).toBe(200);
    const incoming = await createUser(t.db, 'end_user', { company: otherTenant });
    expect((await move(superAdmin, [incoming.id], branch.id)).statusCode).toBe(200);

    const mine = await logs(admin, '?q=&sort=-id');
    const ids = mine.body.data.map((row) => row.user_id);
    expect(ids).toContain(incoming.id);
    expect(ids).not.toContain(outsider.id);
    const all = await logs(superAdmin);
    expect(all.body.data.map((row) => row.user_id)).toContain(outsider.id);
    expect(all.body.meta.total).toBe(mine.body.meta.total + 1);

    expect((await logs(admin, '?q=elsewhere')).body.meta.total).toBe(0);
    expect((await logs(superAdmin, '?q=elsewhere')).body.meta.total).toBe(1);
    expect((await logs(admin, '?sort=moved_by')).status).toBe(400);

    const endUser = await createUser(t.db, 'end_user', { company: tenant });
    expect((await logs(await loginAs(t.app, endUser))).status).toBe(403);
    const rows = await t.db.select().from(userMoveLogs);
    expect(rows.length).toBe(all.body.meta.total);
  });
});

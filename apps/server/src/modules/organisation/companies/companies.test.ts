import {
  COMPANY_MESSAGES,
  type Company,
  type CompanyTreeNode,
  toApiDate,
} from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '@/db/types';
import { createUserWithPermissions } from '@/modules/organisation/roles/roles.fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createPendingDevice } from '@test/devices';
import { createCompany, createUser, rootCompany } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

let t: TestApp;
let superAdmin: TestSession;
let root: CompanyRow;
/** Two separate trees under the root: A (with a subsidiary) and B. */
let treeA: CompanyRow;
let childA: CompanyRow;
let treeB: CompanyRow;
let adminA: TestSession;
/** Sees and manages companies, but only its own: no access_child_companies. */
let ownOnly: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  root = await rootCompany(t.db);
  treeA = await createCompany(t.db, { name: 'Alpha Networks' });
  childA = await createCompany(t.db, { parent: treeA, name: 'Alpha Branch' });
  treeB = await createCompany(t.db, { name: 'Beta Telecom' });
  superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  adminA = await loginAs(t.app, await createUser(t.db, 'admin', { company: treeA }));
  await createUser(t.db, 'end_user', { company: treeA });
  // Two devices in treeA and one in its subsidiary: devices_count counts the company's own.
  await createPendingDevice(t.db, { companyId: treeA.id });
  await createPendingDevice(t.db, { companyId: treeA.id });
  await createPendingDevice(t.db, { companyId: childA.id });
  ownOnly = await loginAs(
    t.app,
    await createUserWithPermissions(t.db, treeA, ['view_companies', 'manage_companies']),
  );
});
afterAll(() => t.close());

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
  return {
    status: response.statusCode,
    body: response.json<{
      data: Company & Company[] & CompanyTreeNode[];
      meta: { total: number };
      errors: { code: string; message: string; source: string | null }[];
    }>(),
  };
};
const names = (rows: { name: string }[]) => rows.map((row) => row.name);

describe('reading companies', () => {
  it('answers a company with its parent, counts and untracked resources', async () => {
    const { status, body } = await call(adminA, 'GET', `/api/companies/${treeA.id}`);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      id: treeA.id,
      name: 'Alpha Networks',
      level: 2,
      parent_id: root.id,
      parent_name: root.name,
      email: null,
      credits_left: 0,
      packs_left: 0,
      remaining_data: 0,
      payment_type: 'free',
      show_payment: false,
      mfa_enforced: false,
      users_count: 3,
      devices_count: 2,
      can_use_parent_license: null,
      child_count: 1,
      created_at: toApiDate(treeA.createdAt),
    });
  });

  it('lists the caller subtree only, with SQL filters, sorting and paging', async () => {
    const mine = await call(adminA, 'GET', '/api/companies?sort=-name');
    expect(mine.body.meta.total).toBe(2);
    expect(names(mine.body.data)).toEqual(['Alpha Networks', 'Alpha Branch']);
    // Counts come with every row of the list, computed in the same SQL query.
    expect(mine.body.data.map((row) => [row.users_count, row.devices_count])).toEqual([
      [3, 2],
      [0, 1],
    ]);

    const all = await call(superAdmin, 'GET', `/api/companies?parent_id=${root.id}&sort=name`);
    expect(names(all.body.data)).toEqual(
      expect.arrayContaining(['Alpha Networks', 'Beta Telecom']),
    );
    expect(all.body.data.every((row) => row.parent_id === root.id)).toBe(true);

    const level3 = await call(superAdmin, 'GET', '/api/companies?level=3');
    expect(names(level3.body.data)).toEqual(['Alpha Branch']);
    // The parents a new company may have: levels 1 and 2 together.
    const parents = await call(superAdmin, 'GET', '/api/companies?level=1,2&limit=1000');
    expect(parents.body.data.map((row) => row.level)).not.toContain(3);
    expect(names(parents.body.data)).toContain('Alpha Networks');
    const search = await call(superAdmin, 'GET', '/api/companies?q=BETA');
    expect(names(search.body.data)).toEqual(['Beta Telecom']);
    const page = await call(superAdmin, 'GET', '/api/companies?sort=id&limit=1&offset=1');
    expect(page.body.data.map((row) => row.id)).toEqual([treeA.id]);
    expect(page.body.meta.total).toBeGreaterThanOrEqual(4);

    const badSort = await call(superAdmin, 'GET', '/api/companies?sort=path');
    expect(badSort.status).toBe(400);
    expect(badSort.body.errors[0]?.source).toBe('sort');
  });

  it('draws the visible tree parents first', async () => {
    const deep = await createCompany(t.db, { parent: childA, name: 'Alpha Deep' });
    const tree = await call(adminA, 'GET', '/api/companies/tree');
    expect(tree.body.data).toEqual([
      { id: treeA.id, name: 'Alpha Networks', level: 2, parent_id: root.id },
      { id: childA.id, name: 'Alpha Branch', level: 3, parent_id: treeA.id },
      { id: deep.id, name: 'Alpha Deep', level: 4, parent_id: childA.id },
    ]);
    const whole = await call(superAdmin, 'GET', '/api/companies/tree');
    const ids = whole.body.data.map((node) => node.id);
    expect(ids[0]).toBe(root.id);
    // Every company comes after its parent.
    for (const node of whole.body.data.slice(1)) {
      expect(ids.indexOf(node.parent_id ?? -1)).toBeLessThan(ids.indexOf(node.id));
    }
  });

  it('hides companies of another tree as if they did not exist', async () => {
    for (const [method, url] of [
      ['GET', `/api/companies/${treeB.id}`],
      ['PUT', `/api/companies/${treeB.id}`],
      ['PUT', `/api/companies/${treeB.id}/flags`],
      ['DELETE', `/api/companies/${treeB.id}`],
      ['GET', '/api/companies/2147483647'],
    ] as const) {
      const { status, body } = await call(adminA, method, url, method === 'GET' ? undefined : {});
      expect(status, `${method} ${url}`).toBe(404);
      expect(body.errors[0]?.code).toBe('NOT_FOUND');
    }
    const list = await call(adminA, 'GET', `/api/companies?id=${treeB.id}`);
    expect(list.body.meta.total).toBe(0);
  });

  it('shows only its own company to a caller without access_child_companies', async () => {
    const list = await call(ownOnly, 'GET', '/api/companies');
    expect(list.body.data.map((row) => row.id)).toEqual([treeA.id]);
    expect((await call(ownOnly, 'GET', `/api/companies/${childA.id}`)).status).toBe(404);
    const tree = await call(ownOnly, 'GET', '/api/companies/tree');
    expect(tree.body.data.map((node) => node.id)).toEqual([treeA.id]);
  });

  it('needs view_companies', async () => {
    const endUser = await loginAs(t.app, await createUser(t.db, 'end_user', { company: treeA }));
    expect((await call(endUser, 'GET', '/api/companies')).status).toBe(403);
  });
});

describe('creating companies', () => {
  it('creates a subsidiary one level below its parent', async () => {
    const { status, body } = await call(adminA, 'POST', '/api/companies', {
      name: '  Alpha South ',
      parent_id: treeA.id,
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      name: 'Alpha South',
      level: 3,
      parent_id: treeA.id,
      parent_name: 'Alpha Networks',
      users_count: 0,
      devices_count: 0,
      child_count: 0,
    });
    const tree = await call(adminA, 'GET', '/api/companies/tree');
    expect(tree.body.data.map((node) => node.id)).toContain(body.data.id);
  });

  it('validates the name and parent with the field as source', async () => {
    const short = await call(adminA, 'POST', '/api/companies', { name: 'ab', parent_id: treeA.id });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: COMPANY_MESSAGES.nameTooShort, source: 'name' },
    ]);
    const noParent = await call(adminA, 'POST', '/api/companies', { name: 'Alpha East' });
    expect(noParent.status).toBe(422);
    expect(noParent.body.errors[0]?.source).toBe('parent_id');
    const forbidden = await call(adminA, 'POST', '/api/companies', {
      name: 'Alpha <East>',
      parent_id: treeA.id,
    });
    expect(forbidden.body.errors[0]?.source).toBe('name');
  });

  it('creates subsidiaries under level 1 and 2 companies only', async () => {
    const { status, body } = await call(adminA, 'POST', '/api/companies', {
      name: 'Too Deep',
      parent_id: childA.id,
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: COMPANY_MESSAGES.parentLevel, source: 'parent_id' },
    ]);
  });

  it('refuses a duplicate name under the same parent, whatever its case', async () => {
    const { status, body } = await call(adminA, 'POST', '/api/companies', {
      name: 'alpha BRANCH',
      parent_id: treeA.id,
    });
    expect(status).toBe(409);
    expect(body.errors[0]).toMatchObject({ code: 'CONFLICT', source: 'name' });
    // The same name under another parent is fine.
    const elsewhere = await call(superAdmin, 'POST', '/api/companies', {
      name: 'Alpha Branch',
      parent_id: treeB.id,
    });
    expect(elsewhere.status).toBe(201);
  });

  it('cannot create under a company of another tree', async () => {
    const { status, body } = await call(adminA, 'POST', '/api/companies', {
      name: 'Intruder',
      parent_id: treeB.id,
    });
    expect(status).toBe(404);
    expect(body.errors[0]?.source).toBe('parent_id');
  });
});

describe('editing companies', () => {
  it('renames and sets or clears the contact e-mail', async () => {
    const company = await createCompany(t.db, { parent: treeA, name: 'Alpha West' });
    const url = `/api/companies/${company.id}`;
    const renamed = await call(adminA, 'PUT', url, {
      name: 'Alpha North',
      email: 'NOC@alpha.test',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Alpha North', email: 'NOC@alpha.test' });
    // Unchanged values are accepted (the console stops them; API clients may send them).
    expect((await call(adminA, 'PUT', url, { name: 'Alpha North' })).status).toBe(200);
    expect((await call(adminA, 'PUT', url, { email: '' })).body.data.email).toBeNull();

    const duplicate = await call(adminA, 'PUT', url, { name: 'Alpha Branch' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors[0]?.source).toBe('name');
    const badEmail = await call(adminA, 'PUT', url, { email: 'not-an-address' });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.errors[0]?.source).toBe('email');
  });

  it('lets company managers enforce MFA but only super admins change payment', async () => {
    const url = `/api/companies/${childA.id}/flags`;
    const mfa = await call(adminA, 'PUT', url, { mfa_enforced: true });
    expect(mfa.body.data.mfa_enforced).toBe(true);

    const payment = await call(adminA, 'PUT', url, { show_payment: true });
    expect(payment.status).toBe(403);
    expect(payment.body.errors[0]?.message).toBe(COMPANY_MESSAGES.paymentSuperAdminOnly);
    expect((await call(adminA, 'PUT', url, { payment_type: 'paid' })).status).toBe(403);
    // Sending the current values back is no change.
    const same = await call(adminA, 'PUT', url, { show_payment: false, payment_type: 'free' });
    expect(same.status).toBe(200);

    const bySuperAdmin = await call(superAdmin, 'PUT', url, {
      show_payment: true,
      payment_type: 'paid',
    });
    expect(bySuperAdmin.body.data).toMatchObject({
      show_payment: true,
      payment_type: 'paid',
      mfa_enforced: true,
    });
    const invalidType = await call(superAdmin, 'PUT', url, { payment_type: 'card' });
    expect(invalidType.status).toBe(422);
    expect(invalidType.body.errors[0]?.source).toBe('payment_type');
  });

  it('needs manage_companies to write', async () => {
    const guest = await loginAs(
      t.app,
      await createUser(t.db, 'readonly_admin', { company: treeA }),
    );
    expect((await call(guest, 'GET', `/api/companies/${childA.id}`)).status).toBe(200);
    const write = await call(guest, 'PUT', `/api/companies/${childA.id}`, { name: 'Renamed' });
    expect(write.status).toBe(403);
  });
});

import { TAG_MESSAGES, type Tag, toApiDate } from '@netfleet/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, deviceTags, tags } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { createUserWithPermissions } from '@/modules/organisation/roles/roles.fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createPendingDevice } from '@test/devices';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

let t: TestApp;
let superAdmin: TestSession;
let treeA: CompanyRow;
let childA: CompanyRow;
let treeB: CompanyRow;
let adminA: TestSession;
let adminB: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  treeA = await createCompany(t.db, { name: 'Alpha' });
  childA = await createCompany(t.db, { parent: treeA, name: 'Alpha Child' });
  treeB = await createCompany(t.db, { name: 'Beta' });
  superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  adminA = await loginAs(t.app, await createUser(t.db, 'admin', { company: treeA }));
  adminB = await loginAs(t.app, await createUser(t.db, 'admin', { company: treeB }));
});
afterAll(() => t.close());

type Body = {
  data: Tag & Tag[];
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
const create = async (session: TestSession, payload: object) => {
  const { status, body } = await call(session, 'POST', '/api/tags', payload);
  if (status !== 201) throw new Error(`tag create failed: ${status} ${JSON.stringify(body)}`);
  return body.data;
};
const names = (rows: Tag[]) => rows.map((row) => row.name);

describe('tags', () => {
  it('creates, reads, edits and removes a tag', async () => {
    const created = await call(adminA, 'POST', '/api/tags', {
      company_id: childA.id,
      name: ' Rooftop ',
      description: 'Units on roofs',
      color: '#FF8800',
      actions: [{ action: 'firmware_upload', source_id: 1 }],
    });
    expect(created.status).toBe(201);
    const tag = created.body.data;
    expect(tag).toEqual({
      id: expect.any(Number),
      company_id: childA.id,
      company_name: 'Alpha Child',
      name: 'Rooftop',
      description: 'Units on roofs',
      color: '#ff8800',
      devices_count: 0,
      actions: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(tag.updated_at).toBe(tag.created_at);
    expect((await call(adminA, 'GET', `/api/tags/${tag.id}`)).body.data).toEqual(tag);

    const edited = await call(adminA, 'PUT', `/api/tags/${tag.id}`, {
      name: 'Roof',
      color: null,
    });
    expect(edited.body.data).toMatchObject({
      name: 'Roof',
      description: 'Units on roofs',
      color: null,
    });

    expect((await call(adminA, 'DELETE', `/api/tags/${tag.id}`)).body).toEqual({ success: true });
    expect((await call(adminA, 'GET', `/api/tags/${tag.id}`)).status).toBe(404);
  });

  it('counts the devices carrying a tag in SQL, sorts by it and moves updated_at on edits', async () => {
    const busy = await create(adminA, { company_id: treeA.id, name: 'Counted' });
    const idle = await create(adminA, { company_id: treeA.id, name: 'Uncounted' });
    const first = await createPendingDevice(t.db, { companyId: treeA.id });
    const second = await createPendingDevice(t.db, { companyId: treeA.id });
    await t.db.insert(deviceTags).values([
      { deviceId: first.id, tagId: busy.id },
      { deviceId: second.id, tagId: busy.id },
    ]);
    expect((await call(adminA, 'GET', `/api/tags/${busy.id}`)).body.data.devices_count).toBe(2);
    const sorted = await call(
      adminA,
      'GET',
      `/api/tags?id=${busy.id},${idle.id}&sort=-device_count`,
    );
    expect(sorted.body.data.map((tag) => [tag.name, tag.devices_count])).toEqual([
      ['Counted', 2],
      ['Uncounted', 0],
    ]);
    const later = new Date(Date.parse(busy.updated_at) + 60_000);
    await t.db.update(tags).set({ updatedAt: later }).where(eq(tags.id, busy.id));
    const read = await call(adminA, 'GET', `/api/tags/${busy.id}`);
    expect(read.body.data.updated_at).toBe(toApiDate(later));
    expect(read.body.data.created_at).toBe(busy.created_at);
    await t.db.delete(devices).where(inArray(devices.id, [first.id, second.id]));
    await call(adminA, 'DELETE', `/api/tags/${busy.id}`);
    await call(adminA, 'DELETE', `/api/tags/${idle.id}`);
  });

  it('validates fields with the field as source', async () => {
    const missing = await call(adminA, 'POST', '/api/tags', { description: 'x' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((error) => error.source).sort()).toEqual(['company_id', 'name']);
    const color = await call(adminA, 'POST', '/api/tags', {
      company_id: treeA.id,
      name: 'Blue',
      color: 'blue',
    });
    expect(color.body.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: TAG_MESSAGES.invalidColor, source: 'color' },
    ]);
    const long = await call(adminA, 'POST', '/api/tags', {
      company_id: treeA.id,
      name: 'x'.repeat(256),
    });
    expect(long.body.errors[0]?.source).toBe('name');
  });

  it('refuses a second tag with the same name in a company, whatever its case', async () => {
    const first = await create(adminA, { company_id: treeA.id, name: 'Backbone' });
    const again = await call(adminA, 'POST', '/api/tags', {
      company_id: treeA.id,
      name: 'BACKBONE',
    });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([
      { code: 'CONFLICT', message: TAG_MESSAGES.duplicateName, source: 'name' },
    ]);
    // Another company may use the name; renaming into a taken name is refused too.
    const other = await create(adminA, { company_id: childA.id, name: 'backbone' });
    const rename = await call(adminA, 'PUT', `/api/tags/${other.id}`, { name: 'Edge' });
    expect(rename.status).toBe(200);
    const clash = await create(adminA, { company_id: treeA.id, name: 'Core' });
    const renameClash = await call(adminA, 'PUT', `/api/tags/${clash.id}`, { name: 'backBONE' });
    expect(renameClash.status).toBe(409);
    expect((await call(adminA, 'GET', `/api/tags/${first.id}`)).body.data.name).toBe('Backbone');
  });

  it('lists tags of the visible companies with filters, search, sorting and paging', async () => {
    await create(adminB, { company_id: treeB.id, name: 'Beta only' });
    await create(adminA, { company_id: treeA.id, name: 'Zeta', description: 'last letter' });
    const mine = await call(adminA, 'GET', '/api/tags?sort=-name&limit=2');
    expect(mine.body.meta.total).toBe(4);
    expect(names(mine.body.data)).toEqual(['Zeta', 'Edge']);
    expect(
      names((await call(adminA, 'GET', `/api/tags?company_id=${childA.id}`)).body.data),
    ).toEqual(['Edge']);
    expect(names((await call(adminA, 'GET', '/api/tags?q=LETTER')).body.data)).toEqual(['Zeta']);
    const byCompany = await call(adminA, 'GET', '/api/tags?sort=-company_name,name');
    expect(byCompany.body.data[0]?.company_name).toBe('Alpha Child');
    expect((await call(adminA, 'GET', '/api/tags?sort=color')).status).toBe(400);

    const everything = await call(superAdmin, 'GET', '/api/tags');
    expect(names(everything.body.data)).toContain('Beta only');
    expect(names(mine.body.data)).not.toContain('Beta only');
  });

  it('hides tags of another tree behind 404 and never writes into it', async () => {
    const foreign = await create(adminB, { company_id: treeB.id, name: 'Secret' });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await call(
        adminA,
        method,
        `/api/tags/${foreign.id}`,
        method === 'PUT' ? { name: 'Mine' } : undefined,
      );
      expect(response.status, method).toBe(404);
    }
    const into = await call(adminA, 'POST', '/api/tags', { company_id: treeB.id, name: 'Planted' });
    expect(into.status).toBe(404);
    expect(into.body.errors[0]?.source).toBe('company_id');
    expect((await call(adminB, 'GET', `/api/tags/${foreign.id}`)).body.data.name).toBe('Secret');
  });

  it('shows only the own company tags without access_child_companies', async () => {
    const viewer = await loginAs(
      t.app,
      await createUserWithPermissions(t.db, treeA, ['view_tags', 'manage_tags']),
    );
    const list = await call(viewer, 'GET', '/api/tags');
    expect(list.body.data.every((tag) => tag.company_id === treeA.id)).toBe(true);
    expect(list.body.meta.total).toBe(3);
    const child = await call(viewer, 'POST', '/api/tags', { company_id: childA.id, name: 'Nope' });
    expect(child.status).toBe(404);
  });

  it('needs view_tags to read and manage_tags to write', async () => {
    const guest = await loginAs(t.app, await createUser(t.db, 'read_only', { company: treeA }));
    expect((await call(guest, 'GET', '/api/tags')).status).toBe(200);
    const write = await call(guest, 'POST', '/api/tags', { company_id: treeA.id, name: 'Guest' });
    expect(write.status).toBe(403);
  });
});

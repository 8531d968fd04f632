import {
  DEVICE_DASHBOARD_WIDGETS_MAX,
  DEVICE_DASHBOARDS_MAX,
  type DeviceDashboard,
} from '@netfleet/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { actionLogs, devices } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

let t: TestApp;
let admin: TestSession;
let guest: TestSession;
let outsider: TestSession;
let deviceId: number;
let dashCo: CompanyRow;
let sequence = 0;

const createDevice = async (db: Database, company: CompanyRow) => {
  sequence += 1;
  const [row] = await db
    .insert(devices)
    .values({
      companyId: company.id,
      name: `dash device ${sequence}`,
      serial: `DASH${company.id}N${sequence}`,
      mac: `02:00:00:aa:00:${sequence.toString(16).padStart(2, '0')}`,
      deviceSeries: 'rut',
      status: 1,
    })
    .returning({ id: devices.id });
  if (!row) throw new Error('device insert failed');
  return row.id;
};

beforeAll(async () => {
  t = await buildTestApp();
  const company = await createCompany(t.db, { name: 'Dash Co' });
  dashCo = company;
  const other = await createCompany(t.db, { name: 'Other Co' });
  admin = await loginAs(t.app, await createUser(t.db, 'admin', { company }));
  guest = await loginAs(t.app, await createUser(t.db, 'read_only', { company }));
  outsider = await loginAs(t.app, await createUser(t.db, 'end_user', { company: other }));
  deviceId = await createDevice(t.db, company);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (session: TestSession, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
const base = () => `/api/devices/${deviceId}/dashboards`;

const create = async (payload: object, session = admin) => {
  const response = await call(session, 'POST', base(), payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: DeviceDashboard }>().data;
};
const errorOf = (body: string) =>
  (JSON.parse(body) as { success: boolean; errors: { code: string; source: string | null }[] })
    .errors[0];

describe('device dashboards', () => {
  it('creates a dashboard with defaults, lists and reads it', async () => {
    const created = await create({ name: '  Site overview ' });
    expect(created).toMatchObject({
      device_id: deviceId,
      name: 'Site overview',
      description: '',
      range: '24h',
      widgets: [],
    });
    expect(created.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const list = await call(guest, 'GET', base());
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ success: true, meta: { total: 1 } });
    const one = await call(guest, 'GET', `${base()}/${created.id}`);
    expect(one.json<{ data: DeviceDashboard }>().data.name).toBe('Site overview');

    const logged = await t.db
      .select()
      .from(actionLogs)
      .where(
        and(
          eq(actionLogs.action, 'device_dashboard_create'),
          eq(actionLogs.entityId, `${deviceId}`),
        ),
      );
    expect(logged).toHaveLength(1);
  });

  it('gives new widgets ids, keeps their order and replaces them on update', async () => {
    const created = await create({
      name: 'Radio',
      range: '7d',
      widgets: [
        { kind: 'chart', metric: 'signal' },
        { kind: 'value', metric: 'temperature', title: 'Box temperature' },
        { kind: 'facts' },
      ],
    });
    expect(created.widgets.map((widget) => widget.kind)).toEqual(['chart', 'value', 'facts']);
    expect(created.widgets[1]).toMatchObject({ title: 'Box temperature', metric: 'temperature' });
    const ids = created.widgets.map((widget) => widget.id);
    expect(new Set(ids).size).toBe(3);

    // Reordered and one removed: the ids sent are kept.
    const [chart, value] = created.widgets;
    const response = await call(admin, 'PUT', `${base()}/${created.id}`, {
      widgets: [value, chart, { kind: 'chart', metric: 'data_usage' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<{ data: DeviceDashboard }>().data;
    expect(updated.widgets.slice(0, 2).map((widget) => widget.id)).toEqual([value?.id, chart?.id]);
    expect(updated.widgets[2]).toMatchObject({ kind: 'chart', metric: 'data_usage', title: '' });
    expect(updated).toMatchObject({ name: 'Radio', range: '7d' });
  });

  it('renames, and refuses a name the device already has, whatever its case', async () => {
    const first = await create({ name: 'Alpha' });
    const taken = await call(admin, 'POST', base(), { name: 'ALPHA' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken.body)).toMatchObject({ code: 'CONFLICT', source: 'name' });
    const second = await create({ name: 'Beta' });
    const clash = await call(admin, 'PUT', `${base()}/${second.id}`, { name: 'alpha' });
    expect(clash.statusCode).toBe(409);
    // Its own name in another case is fine.
    const renamed = await call(admin, 'PUT', `${base()}/${first.id}`, {
      name: 'ALPHA',
      description: 'Main view',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ data: DeviceDashboard }>().data).toMatchObject({
      name: 'ALPHA',
      description: 'Main view',
    });
  });

  it('answers bad input with an error envelope (422 for bodies), never a 500', async () => {
    const created = await create({ name: 'Limits' });
    const tooMany = Array.from({ length: DEVICE_DASHBOARD_WIDGETS_MAX + 1 }, () => ({
      kind: 'facts',
    }));
    const bodies: object[] = [
      {},
      { name: '' },
      { name: 'x'.repeat(65) },
      { name: 'a/b' },
      { name: 'ok', range: '2y' },
      { name: 'ok', widgets: tooMany },
      { name: 'ok', widgets: [{ kind: 'chart' }] },
      { name: 'ok', widgets: [{ kind: 'chart', metric: 'nope' }] },
      { name: 'ok', widgets: [{ kind: 'gauge' }] },
      {
        name: 'ok',
        widgets: [
          { kind: 'facts', id: 'a' },
          { kind: 'facts', id: 'a' },
        ],
      },
      { name: 'ok', widgets: [{ kind: 'facts', id: '../x' }] },
      { name: 'ok', widgets: 'all' },
    ];
    for (const body of bodies) {
      const response = await call(admin, 'POST', base(), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorOf(response.body)).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const empty = await call(admin, 'PUT', `${base()}/${created.id}`, {});
    expect(empty.statusCode).toBe(422);
    for (const url of [`/api/devices/abc/dashboards`, `${base()}/0`, `${base()}/x`]) {
      const response = await call(admin, 'GET', url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.json()).toMatchObject({ success: false });
    }
  });

  it('keeps at most 20 dashboards per device', async () => {
    const company = await createCompany(t.db, { name: 'Full Co' });
    const owner = await loginAs(t.app, await createUser(t.db, 'admin', { company }));
    const full = await createDevice(t.db, company);
    for (let index = 0; index < DEVICE_DASHBOARDS_MAX; index += 1) {
      const response = await call(owner, 'POST', `/api/devices/${full}/dashboards`, {
        name: `D${index}`,
      });
      expect(response.statusCode).toBe(201);
    }
    const over = await call(owner, 'POST', `/api/devices/${full}/dashboards`, { name: 'one more' });
    expect(over.statusCode).toBe(409);
  });

  it("hides other companies' devices and other devices' dashboards as not found", async () => {
    const created = await create({ name: 'Private' });
    for (const [method, url] of [
      ['GET', base()],
      ['GET', `${base()}/${created.id}`],
      ['PUT', `${base()}/${created.id}`],
      ['DELETE', `${base()}/${created.id}`],
      ['POST', base()],
    ] as const) {
      const payload = method === 'PUT' || method === 'POST' ? { name: 'Taken over' } : undefined;
      const response = await call(outsider, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(response.body)).toMatchObject({ code: 'NOT_FOUND' });
    }
    // The same dashboard id under another (visible) device is not found either.
    const sibling = await createDevice(t.db, dashCo);
    const misplaced = await call(admin, 'GET', `/api/devices/${sibling}/dashboards/${created.id}`);
    expect(misplaced.statusCode).toBe(404);
    expect((await call(admin, 'GET', `${base()}/${created.id}`)).json()).toMatchObject({
      data: { name: 'Private' },
    });
  });

  it('lets a guest read but not change; deletes', async () => {
    const created = await create({ name: 'Doomed' });
    expect((await call(guest, 'PUT', `${base()}/${created.id}`, { name: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call(guest, 'DELETE', `${base()}/${created.id}`)).statusCode).toBe(403);
    const deleted = await call(admin, 'DELETE', `${base()}/${created.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call(admin, 'GET', `${base()}/${created.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `${base()}/${created.id}`)).statusCode).toBe(404);
  });

  it('is documented in the OpenAPI description', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(doc.paths['/api/devices/{id}/dashboards'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(Object.keys(doc.paths['/api/devices/{id}/dashboards/{dashboard_id}'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
  });

  it('goes with its device', async () => {
    const created = await create({ name: 'Ephemeral' });
    const company = await createCompany(t.db, { name: 'Gone Co' });
    const owner = await loginAs(t.app, await createUser(t.db, 'admin', { company }));
    const gone = await createDevice(t.db, company);
    await call(owner, 'POST', `/api/devices/${gone}/dashboards`, { name: 'Lost' });
    await t.db.delete(devices).where(eq(devices.id, gone));
    expect((await call(owner, 'GET', `/api/devices/${gone}/dashboards`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `${base()}/${created.id}`)).statusCode).toBe(200);
  });
});

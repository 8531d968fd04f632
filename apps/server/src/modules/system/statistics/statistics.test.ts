import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLogs } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { caller, insertDevice } from '@/modules/fleet/devices/devices.fixtures';
import { createUserWithPermissions } from '@/modules/organisation/roles/roles.fixtures';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

let t: TestApp;
let call: ReturnType<typeof caller>;
let treeA: CompanyRow;
let childA: CompanyRow;
let treeB: CompanyRow;
let statsA: TestSession;
let ownOnlyA: TestSession;
let adminA: TestSession;

const at = (iso: string) => new Date(iso);

/** A device of `company` created at `created`, with connection log rows at `logs` ([code, time]). */
const device = async (
  company: CompanyRow,
  created: string,
  logs: readonly [code: number, time: string][],
) => {
  const { id } = await insertDevice(t.db, company, { createdAt: at(created) });
  if (logs.length) {
    await t.db
      .insert(deviceLogs)
      .values(logs.map(([code, time]) => ({ deviceId: id, code, createdAt: at(time) })));
  }
  return id;
};

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  treeA = await createCompany(t.db, { name: 'Alpha' });
  childA = await createCompany(t.db, { parent: treeA, name: 'Alpha Child' });
  treeB = await createCompany(t.db, { name: 'Beta' });
  statsA = await loginAs(
    t.app,
    await createUserWithPermissions(t.db, treeA, ['view_statistics', 'access_child_companies']),
  );
  ownOnlyA = await loginAs(
    t.app,
    await createUserWithPermissions(t.db, treeA, ['view_statistics']),
  );
  adminA = await loginAs(t.app, await createUser(t.db, 'admin', { company: treeA }));

  // January: one added in A (connects twice, refused once), one in A1 connected in February.
  await device(treeA, '2026-01-05T10:00:00Z', [
    [0, '2026-01-05T10:05:00Z'],
    [10, '2026-01-06T08:00:00Z'],
    [104, '2026-01-07T08:00:00Z'],
    [12, '2026-02-01T00:30:00Z'],
  ]);
  await device(childA, '2026-01-20T10:00:00Z', [[10, '2026-02-02T12:00:00Z']]);
  // Never connected, only refused.
  await device(treeA, '2026-02-10T10:00:00Z', [[7, '2026-02-10T10:01:00Z']]);
  // B's devices must never count for A.
  await device(treeB, '2026-01-05T10:00:00Z', [[10, '2026-01-06T08:00:00Z']]);
});
afterAll(() => t.close());

const get = async (session: TestSession, url: string) => {
  const answer = await call(session, 'GET', url);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data as unknown[];
};

const RANGE = 'start_date=2025-12-01T00:00:00Z&end_date=2026-03-01T00:00:00Z';

describe('GET /api/statistics/devices/months', () => {
  it('counts added and connected devices per month over the visible subtree', async () => {
    expect(await get(statsA, `/api/statistics/devices/months?${RANGE}`)).toEqual([
      { month: '2025-12', added: 0, connected: 0 },
      { month: '2026-01', added: 2, connected: 1 },
      { month: '2026-02', added: 1, connected: 2 },
      { month: '2026-03', added: 0, connected: 0 },
    ]);
  });

  it('leaves subsidiaries out on request, and out of reach without access_child_companies', async () => {
    const own = { month: '2026-01', added: 1, connected: 1 };
    const without = `/api/statistics/devices/months?${RANGE}&include_child_companies=false`;
    expect(await get(statsA, without)).toContainEqual(own);
    expect(await get(ownOnlyA, `/api/statistics/devices/months?${RANGE}`)).toContainEqual(own);
    const child = await call(
      ownOnlyA,
      'GET',
      `/api/statistics/devices/months?${RANGE}&company_id=${childA.id}`,
    );
    expect(child.status).toBe(404);
  });

  it('answers 404 for a company out of reach and 403 without view_statistics', async () => {
    const foreign = await call(
      statsA,
      'GET',
      `/api/statistics/devices/months?company_id=${treeB.id}`,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors?.[0]?.source).toBe('company_id');
    expect(foreign.text).not.toContain('Beta');
    expect((await call(adminA, 'GET', '/api/statistics/devices/months')).status).toBe(403);
  });

  it('defaults to the last 12 months', async () => {
    const months = (await get(statsA, '/api/statistics/devices/months')) as { month: string }[];
    expect(months).toHaveLength(12);
    expect(months.at(-1)?.month).toBe(new Date().toISOString().slice(0, 7));
  });
});

describe('GET /api/statistics/devices/unique', () => {
  it('counts distinct connected devices per day', async () => {
    const days = (await get(
      statsA,
      '/api/statistics/devices/unique?start_date=2026-01-05T00:00:00Z&end_date=2026-01-07T23:00:00Z',
    )) as { period: string; devices: number }[];
    expect(days).toEqual([
      { period: '2026-01-05', devices: 1 },
      { period: '2026-01-06', devices: 1 },
      { period: '2026-01-07', devices: 0 },
    ]);
  });

  it('counts per month, with days and months in the given time zone', async () => {
    expect(
      await get(statsA, `/api/statistics/devices/unique?interval=month&${RANGE}`),
    ).toContainEqual({ period: '2026-02', devices: 2 });
    // 2026-02-01 00:30 UTC is still January 31st in New York.
    const newYork = await get(
      statsA,
      '/api/statistics/devices/unique?start_date=2026-01-31T12:00:00Z&end_date=2026-02-01T12:00:00Z' +
        '&timezone=America/New_York',
    );
    expect(newYork).toEqual([
      { period: '2026-01-31', devices: 1 },
      { period: '2026-02-01', devices: 0 },
    ]);
  });

  it('refuses an unknown time zone, an inverted range and too many periods', async () => {
    const zone = await call(statsA, 'GET', '/api/statistics/devices/unique?timezone=Mars/Base');
    expect(zone.status).toBe(400);
    const inverted = await call(
      statsA,
      'GET',
      '/api/statistics/devices/unique?start_date=2026-02-01&end_date=2026-01-01',
    );
    expect(inverted.status).toBe(400);
    const long = await call(
      statsA,
      'GET',
      '/api/statistics/devices/unique?start_date=2020-01-01&end_date=2026-01-01',
    );
    expect(long.status).toBe(400);
    expect(long.body.errors?.[0]?.source).toBe('start_date');
  });
});

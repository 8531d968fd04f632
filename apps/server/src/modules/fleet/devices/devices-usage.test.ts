import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceDataUsage, deviceOnlineSamples } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { createUserWithPermissions } from '@/modules/organisation/roles/roles.fixtures';
import type { TestApp } from '@test/app';
import { loginAs, type TestSession } from '@test/session';
import { createReadFixture, type ReadFixture } from './devices-read.fixtures';

let t: TestApp;
let call: ReadFixture['call'];
let treeA: CompanyRow;
let childA: CompanyRow;
let treeB: CompanyRow;
let adminA: TestSession;
let ids: Record<string, number>;

beforeAll(async () => {
  ({ t, call, treeA, childA, treeB, adminA, ids } = await createReadFixture());
});
afterAll(() => t.close());

describe('device readings', () => {
  it('reads data usage per day and SIM', async () => {
    const id = ids.east ?? 0;
    await t.db.insert(deviceDataUsage).values([
      { deviceId: id, day: '2024-03-01', modem: 1, sim: 1, rx: 100, tx: 10 },
      { deviceId: id, day: '2024-03-02', modem: 1, sim: 3, rx: 200, tx: 20 },
      { deviceId: id, day: '2024-04-01', modem: 1, sim: 2, rx: 1, tx: 1 },
    ]);
    const usage = await call(
      adminA,
      'GET',
      `/api/devices/${id}/data-usage?start_date=2024-03-01&end_date=2024-03-31`,
    );
    // RMS's shape: days, each with its modems and their SIMs.
    expect(usage.body.data).toEqual([
      {
        date: '2024-03-01',
        modems: [
          { modem_id: '1', sims: [{ sim_id: 1, sim_label: 'SIM 1', data: { rx: 100, tx: 10 } }] },
        ],
      },
      {
        date: '2024-03-02',
        modems: [
          { modem_id: '1', sims: [{ sim_id: 3, sim_label: 'eSIM', data: { rx: 200, tx: 20 } }] },
        ],
      },
    ]);
  });

  it('sums online samples over the visible subtree', async () => {
    const at = new Date(Date.now() - 60_000);
    await t.db.insert(deviceOnlineSamples).values([
      { companyId: treeA.id, at, online: 2, total: 3 },
      { companyId: childA.id, at, online: 1, total: 1 },
      { companyId: treeB.id, at, online: 9, total: 9 },
    ]);
    const statsA = await loginAs(
      t.app,
      await createUserWithPermissions(t.db, treeA, ['view_statistics', 'access_child_companies']),
    );
    expect((await call(adminA, 'GET', '/api/statistics/devices/online')).status).toBe(403);
    const all = await call(statsA, 'GET', '/api/statistics/devices/online');
    expect(all.status, all.text).toBe(200);
    // netfleet's samples, summed over the tree.
    expect(all.body.data.samples).toEqual([{ datetime: at.toISOString(), online: 3, total: 4 }]);
    // RMS's shape: the period and the tree, each company with its own devices.
    expect(all.body.data.query_period).toEqual({
      start_date: expect.any(String),
      end_date: expect.any(String),
    });
    expect(all.body.data.companies).toEqual([
      {
        company_id: treeA.id,
        company_name: treeA.name,
        devices: { online: 2, offline: 1 },
        sub_companies: [
          {
            company_id: childA.id,
            company_name: childA.name,
            devices: { online: 1, offline: 0 },
            sub_companies: [],
          },
        ],
      },
    ]);
    const own = await call(
      statsA,
      'GET',
      '/api/statistics/devices/online?include_child_companies=false',
    );
    expect(own.body.data.samples[0]).toMatchObject({ online: 2, total: 3 });
    expect(own.body.data.companies).toEqual([
      expect.objectContaining({ company_id: treeA.id, sub_companies: [] }),
    ]);
    const foreign = await call(
      statsA,
      'GET',
      `/api/statistics/devices/online?company_id=${treeB.id}`,
    );
    expect(foreign.status).toBe(404);

    const tooLong = await call(
      statsA,
      'GET',
      '/api/statistics/devices/online?start_date=2026-01-01T00:00:00Z&end_date=2026-04-02T00:00:00Z',
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors?.[0]).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The range can be at most 90 days',
      source: 'start_date',
    });
    const longest = await call(
      statsA,
      'GET',
      '/api/statistics/devices/online?start_date=2026-01-01T00:00:00Z&end_date=2026-04-01T00:00:00Z',
    );
    expect(longest.status, longest.text).toBe(200);
  });
});

import { LIST_EXACT_COUNT_LIMIT } from '@netfleet/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { deviceSearch } from './device-search';
import { caller, insertDevice } from './devices.fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
let fleet: CompanyRow;
let small: CompanyRow;
let adminFleet: TestSession;
let adminSmall: TestSession;

/** `count` devices in one statement: serials BULK0000000001…, names Bulk-1…, half online. */
const insertBulk = async (company: CompanyRow, from: number, count: number) => {
  await t.db.execute(sql`
    insert into devices (company_id, name, serial, mac, device_series, status)
    select ${company.id}, 'Bulk-' || g, 'BULK' || lpad(g::text, 10, '0'),
      '00:1F:' || upper(lpad(to_hex(g), 8, '0')), 'rut', g % 2
    from generate_series(${from}::int, ${from + count - 1}::int) g`);
  await t.db.execute(sql`analyze devices`);
};

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  fleet = await createCompany(t.db, { name: 'Fleet' });
  small = await createCompany(t.db, { name: 'Small' });
  adminFleet = await loginAs(t.app, await createUser(t.db, 'admin', { company: fleet }));
  adminSmall = await loginAs(t.app, await createUser(t.db, 'admin', { company: small }));
  await insertDevice(t.db, small, {
    name: 'Warehouse Gate',
    serial: '1104339821',
    mac: '00:1E:42:AB:CD:EF',
    imei: '356789012345678',
  });
  await insertDevice(t.db, small, { name: 'Roof 100%_done', serial: '2200000001' });
  await insertDevice(t.db, small, { name: 'Roof 1000', serial: '2200000002' });
  await insertBulk(fleet, 1, 3000);
});
afterAll(() => t.close());

const list = async (session: TestSession, query: string) => {
  const answer = await call(session, 'GET', `/api/devices?${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as {
    data: { name: string }[];
    meta: { total: number; total_estimated?: boolean };
  };
};

const names = async (session: TestSession, query: string) =>
  (await list(session, query)).data.map((d) => d.name).sort();

describe('q: substring search', () => {
  it('finds substrings of the name, serial, MAC and IMEI in any case', async () => {
    expect(await names(adminSmall, 'q=house g')).toEqual(['Warehouse Gate']);
    expect(await names(adminSmall, 'q=WAREHOUSE')).toEqual(['Warehouse Gate']);
    expect(await names(adminSmall, 'q=0433982')).toEqual(['Warehouse Gate']);
    expect(await names(adminSmall, 'q=ab:cd')).toEqual(['Warehouse Gate']);
    expect(await names(adminSmall, 'q=42:AB:CD:E')).toEqual(['Warehouse Gate']);
    // MACs match on their hex digits, whatever separators the query uses.
    expect(await names(adminSmall, 'q=001e42abcd')).toEqual(['Warehouse Gate']);
    expect(await names(adminSmall, 'q=1E-42-AB')).toEqual(['Warehouse Gate']);
    expect(await names(adminSmall, 'q=::&search-fields=mac')).toEqual([]);
    expect(await names(adminSmall, 'q=8901234')).toEqual(['Warehouse Gate']);
    // Two characters make no trigram: the search still scans and finds them.
    expect(await names(adminSmall, 'q=ga')).toEqual(['Warehouse Gate']);
    expect(await names(adminSmall, 'q=roof')).toEqual(['Roof 100%_done', 'Roof 1000']);
  });

  it('takes LIKE wildcards literally and honours search-fields', async () => {
    expect(await names(adminSmall, 'q=100%25_')).toEqual(['Roof 100%_done']);
    expect(await names(adminSmall, 'q=1_0')).toEqual([]);
    expect(await names(adminSmall, 'q=gate&search-fields=serial,mac')).toEqual([]);
    expect(await names(adminSmall, 'q=00000002&search-fields=serial')).toEqual(['Roof 1000']);
  });

  it('follows renames and new identifiers, and forgets deleted devices', async () => {
    const device = await insertDevice(t.db, small, { name: 'Kiosk Alpha', serial: '3300000001' });
    expect(await names(adminSmall, 'q=kiosk')).toEqual(['Kiosk Alpha']);
    const renamed = await call(adminSmall, 'PUT', `/api/devices/${device.id}`, { name: 'Booth' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await names(adminSmall, 'q=kiosk')).toEqual([]);
    expect(await names(adminSmall, 'q=booth')).toEqual(['Booth']);
    // What a device reports about itself (here set directly) is searchable too.
    await t.db.execute(
      sql`update devices set mac = '00:1E:42:99:88:77', imei = '351111111111111' where id = ${device.id}`,
    );
    expect(await names(adminSmall, 'q=99:88:77')).toEqual(['Booth']);
    expect(await names(adminSmall, 'q=5111111')).toEqual(['Booth']);
    // A status rewrite leaves the search row alone (no trigger runs) and the device findable.
    await t.db.execute(sql`update devices set status = 1 - status where id = ${device.id}`);
    expect(await names(adminSmall, 'q=booth')).toEqual(['Booth']);
    await t.db.execute(sql`delete from devices where id = ${device.id}`);
    expect(await names(adminSmall, 'q=booth')).toEqual([]);
    const left = await t.db.execute(
      sql`select count(*)::int as n from device_search where device_id = ${device.id}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('is a search the trigram indexes can answer without reading every device', async () => {
    // 3000 rows are cheaper to scan than to look up, so the planner is told not to scan: what is
    // checked is that every default search field's ILIKE matches a trigram index (the 100k
    // planner choice is bench/devices-list.bench.ts's business).
    // The search alone: with the company scope the planner reads the small company's rows.
    const where = deviceSearch('00:04:D2', undefined);
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain ${tx.select({ id: devices.id }).from(devices).where(where)}`);
    });
    const text = (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    for (const index of ['name', 'serial', 'mac_hex', 'imei']) {
      expect(text).toContain(`Bitmap Index Scan on device_search_${index}_trgm_idx`);
    }
    expect(text).not.toContain('Seq Scan');
    expect(await names(adminFleet, 'q=0001234')).toEqual(['Bulk-1234']);
    expect(await names(adminFleet, 'q=1f:000004d2')).toEqual(['Bulk-1234']);
  });
});

describe('meta.total past LIST_EXACT_COUNT_LIMIT', () => {
  // 22,000 devices inserted through four GIN indexes (device_search): slow on a busy machine.
  it(
    'is exact up to the limit, then an estimate flagged total_estimated',
    { timeout: 120_000 },
    async () => {
      expect((await list(adminFleet, 'limit=1')).meta).toEqual({ total: 3000 });
      await insertBulk(fleet, 3001, LIST_EXACT_COUNT_LIMIT - 3000);

      const atLimit = await list(adminFleet, 'limit=5');
      expect(atLimit.meta).toEqual({ total: LIST_EXACT_COUNT_LIMIT });
      expect(atLimit.data).toHaveLength(5);

      await insertBulk(fleet, LIST_EXACT_COUNT_LIMIT + 1, 2000);
      const past = await list(adminFleet, 'limit=5&sort=-name');
      expect(past.meta.total_estimated).toBe(true);
      // Still a number (RMS API v3), at least what is known to match, near the 12,000 there are.
      expect(typeof past.meta.total).toBe('number');
      expect(past.meta.total).toBeGreaterThan(LIST_EXACT_COUNT_LIMIT);
      expect(past.meta.total).toBeGreaterThan(10_800);
      expect(past.meta.total).toBeLessThan(13_200);
      expect(past.data.map((d) => d.name)).toEqual([
        'Bulk-9999',
        'Bulk-9998',
        'Bulk-9997',
        'Bulk-9996',
        'Bulk-9995',
      ]);

      // The page past the exact limit is still served; a filter back under it counts exactly.
      const deep = await list(adminFleet, 'limit=5&offset=11995&sort=id');
      expect(deep.data.map((d) => d.name)).toEqual([
        'Bulk-11996',
        'Bulk-11997',
        'Bulk-11998',
        'Bulk-11999',
        'Bulk-12000',
      ]);
      // The short last page knows where the list ends.
      const end = await list(adminFleet, 'limit=5&offset=11998&sort=id');
      expect(end.data).toHaveLength(2);
      expect(end.meta).toEqual({ total: 12_000 });
      expect(await list(adminFleet, 'limit=1&q=Bulk-1100')).toMatchObject({
        meta: { total: 11 },
      });
      expect((await list(adminFleet, 'limit=1&status=1')).meta).toEqual({ total: 6000 });
      // Far past the limit the planner's estimate is the answer, counted or not.
      await insertBulk(fleet, 12_001, 10_000);
      const far = await list(adminFleet, 'limit=5');
      expect(far.meta.total_estimated).toBe(true);
      expect(far.meta.total).toBeGreaterThan(19_000);
      expect(far.meta.total).toBeLessThan(25_000);
      // Other companies' devices never count towards the caller's total.
      expect((await list(adminSmall, 'limit=1')).meta).toEqual({ total: 3 });
    },
  );
});

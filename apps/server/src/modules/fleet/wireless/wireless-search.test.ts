import { LIST_EXACT_COUNT_LIMIT, type WirelessInterface } from '@netfleet/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, deviceWireless } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { wirelessSearch } from './wireless.repository';

let t: TestApp;
let fleet: CompanyRow;
let small: CompanyRow;
let adminFleet: TestSession;
let adminSmall: TestSession;

/**
 * `count` devices of `company` in one statement (names Bulk-1…, serials BULK…1…), each with a
 * 2.4 GHz interface `Net-<n>` and a 5 GHz one `Net-<n>_5G`.
 */
const insertBulk = async (company: CompanyRow, from: number, count: number) => {
  const to = from + count - 1;
  await t.db.execute(sql`
    insert into devices (company_id, name, serial, mac, device_series, status)
    select ${company.id}, 'Bulk-' || g, 'BULK' || lpad(g::text, 10, '0'),
      '00:2F:' || upper(lpad(to_hex(g), 8, '0')), 'rut', 1
    from generate_series(${from}::int, ${to}::int) g`);
  await t.db.execute(sql`
    insert into device_wireless (device_id, category, idx, ssid, band, channel, enabled, clients,
      updated_at)
    select d.id, 5, b.idx, 'Net-' || substr(d.name, 6) || b.suffix, b.band, 6, true, 1, now()
    from devices d
    cross join (values (0, '', '2.4GHz'), (1, '_5G', '5GHz')) as b(idx, suffix, band)
    where d.company_id = ${company.id}
      and substr(d.name, 6)::int between ${from}::int and ${to}::int`);
  await t.db.execute(sql`analyze devices`);
  await t.db.execute(sql`analyze device_wireless`);
};

const list = async (session: TestSession, query: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/wireless?${query}`,
    headers: session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body) as {
    data: WirelessInterface[];
    meta: { total: number; total_estimated?: boolean };
  };
};
const ssids = async (session: TestSession, query: string) =>
  (await list(session, query)).data.map((row) => row.ssid).sort();

beforeAll(async () => {
  t = await buildTestApp();
  fleet = await createCompany(t.db, { name: 'Fleet' });
  small = await createCompany(t.db, { name: 'Small' });
  adminFleet = await loginAs(t.app, await createUser(t.db, 'admin', { company: fleet }));
  adminSmall = await loginAs(t.app, await createUser(t.db, 'admin', { company: small }));
  await insertBulk(small, 1, 3);
  await insertBulk(fleet, 100, 3000);
});
afterAll(() => t.close());

describe('q on the Wi-Fi list', () => {
  it('finds substrings of the SSID, device name and serial, honouring search-fields', async () => {
    expect(await ssids(adminSmall, 'q=net-2')).toEqual(['Net-2', 'Net-2_5G']);
    expect(await ssids(adminSmall, 'q=_5g')).toEqual(['Net-1_5G', 'Net-2_5G', 'Net-3_5G']);
    expect(await ssids(adminSmall, 'q=bulk-3')).toEqual(['Net-3', 'Net-3_5G']);
    expect(await ssids(adminSmall, 'q=0000000001')).toEqual(['Net-1', 'Net-1_5G']);
    expect(await ssids(adminSmall, 'q=bulk-3&search-fields=ssid')).toEqual([]);
    expect(await ssids(adminSmall, 'q=_5G&search-fields=device_name,serial')).toEqual([]);
    expect(await ssids(adminSmall, 'q=Net-1&search-fields=ssid')).toEqual(['Net-1', 'Net-1_5G']);
    // LIKE wildcards are literal, and a search stays inside the caller's companies.
    expect(await ssids(adminSmall, 'q=Net%25')).toEqual([]);
    expect(await ssids(adminSmall, 'q=Net-100')).toEqual([]);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/wireless?q=a&search-fields=mac',
      headers: adminSmall.headers,
    });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.parse(unknown.body).errors[0].source).toBe('search-fields');
  });

  it('is a search the trigram indexes can answer without reading every row', async () => {
    // Few rows are cheaper to scan than to look up, so the planner is told not to scan: what is
    // checked is that each field's ILIKE can use a trigram index.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain ${tx
          .select({ id: deviceWireless.deviceId })
          .from(deviceWireless)
          .innerJoin(devices, sql`${devices.id} = ${deviceWireless.deviceId}`)
          .where(wirelessSearch('wireless', '0001234', undefined))}`,
      );
    });
    const text = (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    for (const index of ['device_wireless_ssid', 'device_search_name', 'device_search_serial']) {
      expect(text).toContain(`Bitmap Index Scan on ${index}_trgm_idx`);
    }
    expect(text).not.toContain('Seq Scan');
  });
});

describe('meta.total past LIST_EXACT_COUNT_LIMIT', () => {
  it(
    'is exact up to the limit, then an estimate flagged total_estimated',
    { timeout: 120_000 },
    async () => {
      expect((await list(adminFleet, 'limit=1')).meta).toEqual({ total: 6000 });
      // 5,500 more devices: 17,000 interfaces in all.
      await insertBulk(fleet, 3100, 5500);
      const past = await list(adminFleet, 'limit=4&sort=-ssid');
      expect(past.meta.total_estimated).toBe(true);
      // Still a number (RMS API v3), at least what is known to match, near the 17,000 there are.
      expect(past.meta.total).toBeGreaterThan(LIST_EXACT_COUNT_LIMIT);
      expect(past.meta.total).toBeGreaterThan(12_000);
      expect(past.meta.total).toBeLessThan(22_000);
      expect(past.data.map((row) => row.ssid).sort()).toEqual([
        'Net-998',
        'Net-998_5G',
        'Net-999',
        'Net-999_5G',
      ]);
      // A filter under the limit counts exactly; the short last page knows where the list ends.
      expect((await list(adminFleet, 'limit=1&band=5GHz')).meta).toEqual({ total: 8500 });
      expect((await list(adminFleet, 'limit=1&q=Bulk-86')).meta).toEqual({ total: 2 * 10 });
      const end = await list(adminFleet, 'limit=5&offset=16998');
      expect(end.data).toHaveLength(2);
      expect(end.meta).toEqual({ total: 17_000 });
      // Other companies' rows never count towards the caller's total.
      expect((await list(adminSmall, 'limit=1')).meta).toEqual({ total: 6 });
    },
  );
});

import { API_DATE_PATTERN } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '@/db/types';
import type { TestApp } from '@test/app';
import type { TestSession } from '@test/session';
import { createReadFixture, type ReadFixture } from './devices-read.fixtures';

let t: TestApp;
let call: ReadFixture['call'];
let treeA: CompanyRow;
let childA: CompanyRow;
let treeB: CompanyRow;
let adminA: TestSession;
let endUserA: TestSession;
let ids: Record<string, number>;

beforeAll(async () => {
  ({ t, call, treeA, childA, treeB, adminA, endUserA, ids } = await createReadFixture());
});
afterAll(() => t.close());

const names = async (session: TestSession, query: string) => {
  const answer = await call(session, 'GET', `/api/devices?${query}`);
  expect(answer.status, answer.text).toBe(200);
  return (answer.body.data as { name: string }[]).map((d) => d.name);
};

describe('GET /api/devices', () => {
  it('lists the subtree the caller sees, sorted and paged', async () => {
    expect(await names(adminA, 'sort=name')).toEqual(['east', 'north', 'south']);
    expect(await names(endUserA, 'sort=-name')).toEqual(['south', 'north']);
    const page = await call(adminA, 'GET', '/api/devices?sort=name&limit=1&offset=1');
    expect(page.body.meta?.total).toBe(3);
    expect(page.body.data.map((d: { name: string }) => d.name)).toEqual(['north']);
    expect((await call(adminA, 'GET', '/api/devices?sort=claim_secret_hash')).status).toBe(400);
  });

  it('applies RMS filters, negations, ranges and search in SQL', async () => {
    expect(await names(adminA, 'sort=name&model=RUT955')).toEqual(['east', 'north']);
    expect(await names(adminA, 'sort=name&ne:model=RUT955')).toEqual(['south']);
    expect(await names(adminA, 'sort=name&signal=-80..-50')).toEqual(['east', 'north']);
    expect(await names(adminA, 'sort=name&signal=-85')).toEqual(['south']);
    expect(await names(adminA, 'sort=name&status=0')).toEqual(['south']);
    expect(await names(adminA, 'sort=name&ne:status=0')).toEqual(['east', 'north']);
    expect(await names(adminA, 'sort=name&ne_modem_manufacturer=Quectel')).toEqual([
      'east',
      'south',
    ]);
    expect(await names(adminA, `tag_id=${ids.tag}`)).toEqual(['north']);
    expect(await names(adminA, `sort=name&ne:tag_id=${ids.tag}`)).toEqual(['east', 'south']);
    expect(await names(adminA, `company_id=${childA.id}`)).toEqual(['east']);
    expect(await names(adminA, `company_id=${treeB.id}`)).toEqual([]);
    expect(await names(adminA, 'q=bite&search-fields=operator')).toEqual(['south']);
    expect(await names(adminA, 'q=beta')).toEqual([]);
    // RMS's status strings (the codes still work), and their negations.
    expect(await names(adminA, 'sort=name&status=online')).toEqual(['east', 'north']);
    expect(await names(adminA, 'sort=name&status=offline,online')).toEqual([
      'east',
      'north',
      'south',
    ]);
    expect(await names(adminA, 'sort=name&ne:status=online')).toEqual(['south']);
    expect(await names(adminA, 'status=not_activated')).toEqual([]);
    // RMS classes of signal, connection and WAN; a negation keeps devices without a value.
    expect(await names(adminA, 'sort=name&signal=excellent')).toEqual(['north']);
    expect(await names(adminA, 'sort=name&signal=average,low')).toEqual(['east', 'south']);
    expect(await names(adminA, 'sort=name&ne:signal=excellent')).toEqual(['east', 'south']);
    expect(await names(adminA, 'sort=name&connection_type=4g')).toEqual(['north']);
    expect(await names(adminA, 'sort=name&ne:connection_type=4g')).toEqual(['east', 'south']);
    expect(await names(adminA, 'sort=name&connection_type=LTE')).toEqual(['north']);
    expect(await names(adminA, 'sort=name&wan_state=unknown')).toEqual(['east', 'south']);
    expect(await names(adminA, 'sort=name&ne:operator=Tele2')).toEqual(['south']);
    expect(await names(adminA, 'sort=name&information_updated=never_been_updated')).toEqual([
      'east',
      'north',
      'south',
    ]);
    expect(await names(adminA, 'sort=name&monitoring_status=monitored')).toEqual([
      'east',
      'north',
      'south',
    ]);
    expect(await names(adminA, 'sort=name&task=no_pending_task')).toEqual([
      'east',
      'north',
      'south',
    ]);
    // No device here has a management credit or a data pack of these types.
    expect(await names(adminA, 'management_credit_type=management_5y')).toEqual([]);
    expect(await names(adminA, 'data_credit_type_id=6')).toEqual([]);
    expect((await call(adminA, 'GET', '/api/devices?status=sleeping')).status).toBe(400);
    expect((await call(adminA, 'GET', '/api/devices?task=soon')).status).toBe(400);
    const bad = await call(adminA, 'GET', '/api/devices?signal=strong');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.source).toBe('signal');
    const fields = await call(adminA, 'GET', '/api/devices?fields_only=true');
    expect(fields.body.data).toContain('iccid');
    expect(fields.body.data).toContain('has_wifi');
    expect(fields.body.data).not.toContain('claim_secret_hash');
  });

  it("answers RMS's device fields from the latest readings, null where unknown", async () => {
    const list = await call(adminA, 'GET', '/api/devices?sort=name&model=RUT955');
    const north = (list.body.data as Record<string, unknown>[]).find((d) => d.id === ids.north);
    const one = await call(adminA, 'GET', `/api/devices/${ids.north}`);
    expect(one.status, one.text).toBe(200);
    for (const device of [north, one.body.data]) {
      expect(device).toMatchObject({
        sim_slot: 2,
        iccid: '89370000000000000002',
        imsi: '246020000000002',
        sim_state: 'inserted',
        rsrp: -91.5,
        rsrq: -9,
        sinr: 12.5,
        router_uptime: 3060,
        altitude: 112.5,
        satellites: 9,
        fix_status: 1,
        digital_input: 1,
        relay_output: '0',
        analog_input: '12.25',
        ddns_rules_count: 1,
        original_model: 'RUT955',
        monitoring_enabled: 1,
        is_authenticated: 0,
        // Not known to netfleet: null, never made up.
        sim_slot_2: null,
        iccid_2: null,
        cell_id: null,
        mobile_ip: null,
        management_credit_type: null,
        updated_at: expect.any(String),
      });
      expect((device as { tags: unknown[] }).tags).toEqual([
        {
          id: ids.tag,
          name: 'Roof',
          description: '',
          user_id: null,
          company_id: treeA.id,
          color: null,
          actions: [],
          created_at: expect.stringMatching(API_DATE_PATTERN),
          updated_at: expect.stringMatching(API_DATE_PATTERN),
        },
      ]);
    }
    const south = await call(adminA, 'GET', `/api/devices/${ids.south}?fields=iccid,rsrp,tags`);
    expect(south.body.data).toEqual({ iccid: null, rsrp: null, tags: [] });
  });

  it('counts statistics under the same filters', async () => {
    const stats = await call(
      adminA,
      'GET',
      '/api/devices/statistics?charts=model,operator&status=1',
    );
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body.data).toEqual({ model: { RUT955: 2 }, operator: { Tele2: 2 } });
    expect(stats.body.meta).toEqual({ total: 1 });
    // RMS's classes for status and signal, under RMS status strings.
    const classes = await call(
      adminA,
      'GET',
      '/api/devices/statistics?charts=status,signal,task,information_updated&ne:status=offline',
    );
    expect(classes.status, classes.text).toBe(200);
    expect(classes.body.data).toEqual({
      status: { online: 2 },
      signal: { excellent: 1, average: 1 },
      task: { no_pending_task: 2 },
      information_updated: { never_been_updated: 2 },
    });
    expect((await call(adminA, 'GET', '/api/devices/statistics?charts=secret')).status).toBe(400);
  });

  it('pages each chart for pickers: limit and offset over its values, total the most any has', async () => {
    const page = async (query: string) => {
      const answer = await call(adminA, 'GET', `/api/devices/statistics?${query}`);
      expect(answer.status, answer.text).toBe(200);
      return { data: answer.body.data, total: answer.body.meta?.total };
    };
    expect(await page('charts=model&limit=1')).toEqual({
      data: { model: { RUT955: 2 } },
      total: 2,
    });
    expect(await page('charts=model&limit=1&offset=1')).toEqual({
      data: { model: { RUT240: 1 } },
      total: 2,
    });
    // Past the end: no values, the total all the same.
    expect(await page('charts=model&limit=1&offset=5')).toEqual({ data: { model: {} }, total: 2 });
    expect(await page('charts=model,status&limit=1')).toMatchObject({ total: 2 });
    expect((await call(adminA, 'GET', '/api/devices/statistics?limit=0')).status).toBe(400);
    expect((await call(adminA, 'GET', '/api/devices/statistics?task=soon')).status).toBe(400);
  });
});

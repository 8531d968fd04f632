import { API_DATE_PATTERN, toApiDate } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceDataUsage, deviceLogs, deviceOnlineSamples, deviceTags, tags } from '@/db/schema';
import { deviceTelemetry } from '@/db/telemetry-table';
import type { CompanyRow } from '@/db/types';
import { createUserWithPermissions } from '@/modules/organisation/roles/roles.fixtures';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { caller, insertDevice } from './devices.fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
let treeA: CompanyRow;
let childA: CompanyRow;
let treeB: CompanyRow;
let adminA: TestSession;
let endUserA: TestSession;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  treeA = await createCompany(t.db, { name: 'Alpha' });
  childA = await createCompany(t.db, { parent: treeA, name: 'Alpha Child' });
  treeB = await createCompany(t.db, { name: 'Beta' });
  adminA = await loginAs(t.app, await createUser(t.db, 'admin', { company: treeA }));
  endUserA = await loginAs(t.app, await createUser(t.db, 'end_user', { company: treeA }));
  const add = async (key: string, company: CompanyRow, values: object) => {
    ids[key] = (await insertDevice(t.db, company, { name: key, ...values })).id;
  };
  await add('north', treeA, {
    model: 'RUT955',
    signal: -60,
    operator: 'Tele2',
    modemManufacturer: 'Quectel',
    connectionType: 'LTE',
    wanState: 'mobile',
    uptime: 3060,
    // The latest readings as the gateway keeps them (see latest-reading.ts).
    info: {
      dynamic: {
        uptime: 3060,
        temperature: 360,
        wan_state: 'mobile',
        modems: [
          { modem: 1, sim: 2, signal: -60, rsrp: -91.5, rsrq: -9, sinr: 12.5, rx: 10, tx: 20 },
        ],
      },
      static: {
        hostname: 'north',
        lan_ip: null,
        sims: [
          { slot: 1, iccid: '89370000000000000001', imsi: '246020000000001' },
          { slot: 2, iccid: '89370000000000000002', imsi: '246020000000002' },
        ],
      },
      gps: { latitude: 54.7, longitude: 25.3, altitude: 112.5, satellites: 9 },
      io: {
        inputs: [{ name: 'Digital input', level: 1 }],
        relays: [{ name: 'Relay', state: 0 }],
        analog: [{ name: 'Analog input', value: 12.25, unit: 'V' }],
      },
      ddns: { entries: [{ hostname: 'north.example.net', status: 'up', ip: null }] },
    },
  });
  await add('south', treeA, { model: 'RUT240', signal: -85, operator: 'Bite', status: 0 });
  await add('east', childA, {
    model: 'RUT955',
    signal: -75,
    operator: 'Tele2',
    modemManufacturer: 'Meiglink',
  });
  await add('beta', treeB, { model: 'RUT955', signal: -60, operator: 'Tele2' });
  const [tag] = await t.db.insert(tags).values({ companyId: treeA.id, name: 'Roof' }).returning();
  if (!tag) throw new Error('tag insert failed');
  ids.tag = tag.id;
  await t.db.insert(deviceTags).values({ deviceId: ids.north ?? 0, tagId: tag.id });
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
    // Credits do not exist in netfleet yet: a credit filter matches no device.
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
    expect((await call(adminA, 'GET', '/api/devices/statistics?task=soon')).status).toBe(400);
  });
});

describe('device readings', () => {
  it('reads logs with their spec §8 message, newest first, only of visible devices', async () => {
    await t.db.insert(deviceLogs).values([
      { deviceId: ids.north ?? 0, code: 0, ip: '198.51.100.7' },
      { deviceId: ids.north ?? 0, code: 7, reason: 'x' },
      { deviceId: ids.beta ?? 0, code: 14 },
    ]);
    const logs = await call(adminA, 'GET', `/api/devices/${ids.north}/logs`);
    expect(logs.body.data.map((l: { code: number }) => l.code)).toEqual([7, 0]);
    expect(logs.body.data[1].message).toBe('Device has attempted to connect to the system');
    // RMS's fields beside ours: the device's company and serial, whether it got in, the log text.
    const [refused, enrolled] = logs.body.data;
    expect(enrolled).toMatchObject({
      company_id: expect.any(Number),
      serial: expect.any(String),
      type: 'connection',
      status: true,
      log: 'Device has attempted to connect to the system',
      ip: '198.51.100.7',
      user_id: null,
      user_agent: null,
    });
    expect(refused).toMatchObject({ status: false, ip: null, serial: enrolled.serial });
    const all = await call(adminA, 'GET', '/api/devices/logs?limit=10');
    expect(all.body.data.map((l: { device_id: number }) => l.device_id)).not.toContain(ids.beta);
    expect(all.body.meta?.total).toBe(2);
  });

  it('serves time series thinned to 1000 points, history, parameters and datetimes', async () => {
    const id = ids.north ?? 0;
    const start = Date.now() - 3 * 60 * 60 * 1000;
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      deviceId: id,
      category: 0,
      ts: new Date(start + i * 1000),
      receivedAt: new Date(),
      data: { uptime: i, temperature: 360 } as Record<string, unknown>,
    }));
    // The reading the history is asked about carries a modem, like a real one.
    const modem = {
      modem: 1,
      sim: 2,
      signal: -71,
      operator: 'Tele2',
      network_state: 'registered',
      connection_type: 'LTE',
      rx: 10,
      tx: 5,
    };
    const withModem = { uptime: 600, temperature: 360, wan_state: 'mobile', wan_ip: '10.0.0.7' };
    const asked = rows[600];
    if (asked) asked.data = { ...withModem, modems: [modem] };
    await t.db.insert(deviceTelemetry).values(rows);
    await t.db.insert(deviceTelemetry).values({
      deviceId: id,
      category: 1,
      ts: new Date(start),
      receivedAt: new Date(),
      data: {
        hostname: 'north',
        lan_ip: null,
        sims: [
          { slot: 1, iccid: '8937000000000000001', imsi: null },
          { slot: 2, iccid: '8937000000000000002', imsi: null },
        ],
      },
    });
    await t.db.insert(deviceTelemetry).values({
      deviceId: id,
      category: 3,
      ts: new Date(start + 500_000),
      receivedAt: new Date(),
      data: { latitude: 54.68, longitude: 25.27, speed: 3 },
    });
    const series = await call(adminA, 'GET', `/api/devices/${id}/information/dynamic`);
    expect(series.status, series.text).toBe(200);
    expect(series.body.data.length).toBeLessThanOrEqual(1000);
    expect(series.body.data.length).toBeGreaterThan(800);
    expect(series.body.data[0].data.uptime).toBe(0);

    const at = new Date(start + 600_000).toISOString();
    const history = await call(
      adminA,
      'GET',
      `/api/devices/${id}/information-history?datetime=${at}`,
    );
    // RMS's flat row of the device at that time, every category's reading beside it.
    expect(history.body.data).toHaveLength(1);
    const [row] = history.body.data;
    expect(row).toMatchObject({
      device_id: id,
      sim_slot: 2,
      signal: -71,
      operator: 'Tele2',
      network_state: 'registered',
      connection_type: 'LTE',
      temperature: 360,
      router_uptime: 600,
      wan_state: 'mobile',
      wan_ip: '10.0.0.7',
      iccid: '8937000000000000002',
      firmware: null,
      sim_state: null,
      cell_id: null,
      rx_day: null,
    });
    expect(row.readings.dynamic.data.uptime).toBe(600);
    expect(row.readings.gps.data.latitude).toBe(54.68);
    expect(row.readings.static.datetime).toBe(new Date(start).toISOString());
    const before = await call(
      adminA,
      'GET',
      `/api/devices/${id}/information-history?datetime=${new Date(start - 1000).toISOString()}`,
    );
    expect(before.body.data).toEqual([]);
    const parameterUrl = (name: string) =>
      `/api/devices/${id}/information-history/parameter?datetime=${at}&parameter=${name}`;
    const parameter = await call(adminA, 'GET', parameterUrl('uptime'));
    expect(parameter.body.data).toEqual([
      {
        uptime: '600',
        created_at: toApiDate(new Date(start + 600_000)),
        parameter: 'uptime',
        category: 'dynamic',
        value: 600,
      },
    ]);
    // RMS's parameters are the history row's fields, as text.
    const signal = await call(adminA, 'GET', parameterUrl('signal'));
    expect(signal.body.data).toEqual([
      {
        signal: '-71',
        created_at: toApiDate(new Date(start + 600_000)),
        parameter: 'signal',
        category: 'dynamic',
        value: -71,
      },
    ]);
    const iccid = await call(adminA, 'GET', parameterUrl('iccid'));
    expect(iccid.body.data[0]).toMatchObject({
      iccid: '8937000000000000002',
      created_at: toApiDate(new Date(start)),
      category: 'static',
    });
    expect((await call(adminA, 'GET', parameterUrl('nothing'))).body).toEqual({
      success: true,
      data: [],
      meta: { total: 0 },
    });
    const datetimes = await call(
      adminA,
      'GET',
      `/api/devices/${id}/information-history/datetimes?limit=2`,
    );
    // RMS's shape: the times by day, newest first.
    const latest = new Date(start + 2499_000).toISOString();
    const previous = new Date(start + 2498_000).toISOString();
    expect(datetimes.body.data.flatMap((day: { times: string[] }) => day.times)).toEqual([
      latest,
      previous,
    ]);
    expect(datetimes.body.data[0].date).toBe(latest.slice(0, 10));
    const locations = await call(adminA, 'GET', `/api/devices/${id}/locations/history`);
    expect(locations.body.data).toEqual([
      expect.objectContaining({ latitude: 54.68, longitude: 25.27, speed: 3, altitude: null }),
    ]);
    expect((await call(adminA, 'GET', `/api/devices/${ids.beta}/information/gps`)).status).toBe(
      404,
    );
    const inverted = `/api/devices/${id}/information/io?start_date=2024-02-01&end_date=2024-01-01`;
    expect((await call(adminA, 'GET', inverted)).status).toBe(400);
  });

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

describe('CSV import and export', () => {
  const upload = (
    session: TestSession,
    filename: string,
    csv: string,
    fields: Record<string, string>,
    mimetype = 'text/csv',
  ) => {
    const boundary = 'nfboundary';
    const parts = Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mimetype}\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/devices/import',
      headers: { ...session.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: parts.join(''),
    });
  };

  it('imports rows on their own and exports them back without secrets', async () => {
    const csv =
      'serial,mac,name\n  IMP000001,00:11:22:33:44:55,Imported one  \n\nIMP000002,nope,Bad\nIMP000003,00:11:22:33:44:56,"Imported, three"\n';
    const response = await upload(adminA, 'devices.csv', csv, {
      company_id: String(childA.id),
      tag_id: String(ids.tag),
    });
    expect(response.statusCode, response.body).toBe(207);
    const body = response.json<{ data: { row: number; ok: boolean; claim_secret?: string }[] }>();
    expect(body.data.map((r) => [r.row, r.ok])).toEqual([
      [2, true],
      [4, false],
      [5, true],
    ]);
    expect(body.data[0]?.claim_secret).toMatch(/^[A-Z0-9]{24}$/);

    const exported = await call(
      adminA,
      'GET',
      `/api/devices/export/csv?company_id=${childA.id}&sort=serial`,
    );
    expect(exported.status).toBe(200);
    expect(String(exported.headers['content-disposition'])).toMatch(
      /attachment; filename="devices-/,
    );
    const lines = exported.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,name,serial,mac,imei,model,firmware,status,company_name,operator,signal,connection_type,wan_ip,last_connection_at',
    );
    expect(lines).toHaveLength(4);
    const serials = await call(
      adminA,
      'GET',
      `/api/devices/export/csv?company_id=${childA.id}&sort=serial&fields=serial`,
    );
    expect(serials.text.trim().split('\r\n').slice(1, 3)).toEqual(['IMP000001', 'IMP000003']);
    expect(exported.text).toContain('"Imported, three"');
    expect(exported.text).not.toContain(body.data[0]?.claim_secret ?? '-');
    expect(exported.text).not.toContain('beta');
  });

  it('refuses files that are not CSV', async () => {
    const response = await upload(
      adminA,
      'devices.txt',
      'serial,mac\n',
      { company_id: String(treeA.id) },
      'text/plain',
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: [{ message: 'Not a CSV file selected', source: 'file' }],
    });
  });
});

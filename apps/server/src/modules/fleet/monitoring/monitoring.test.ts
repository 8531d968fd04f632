import { MAX_ACTIVE_MONITORING_PARAMETERS } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, statusChannels } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createFakeGateway, insertDevice } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

const gateway = createFakeGateway();
let t: TestApp;
let company: CompanyRow;
let session: TestSession;

beforeAll(async () => {
  t = await buildTestApp({}, { deviceGateway: gateway });
  company = await createCompany(t.db);
  session = await loginAs(t.app, await createUser(t.db, 'end_user', { company }));
});
afterAll(() => t.close());

const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

const setMonitoring = (data: object[]) => request('PUT', '/api/devices/monitoring', { data });

describe('PUT /devices/monitoring', () => {
  it('stores the periods and pushes them to the device', async () => {
    const device = await insertDevice(t.db, company);
    const response = await setMonitoring([
      { device_id: device.id, dynamic_monitoring: 600, gps_monitoring: 0 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      data: [{ device_id: device.id, periods: { dynamic_monitoring: 600, gps_monitoring: 0 } }],
    });
    const [row] = await t.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row).toMatchObject({ dynamicMonitoring: 600, gpsMonitoring: 0 });
    const pushed = gateway.configs.filter((sent) => sent.deviceId === device.id);
    expect(pushed.at(-1)?.config.periods).toMatchObject({
      dynamic: 600,
      gps: 0,
      static: 1_296_000,
    });
  });

  it("switches a whole device with RMS's monitoring_enabled and reports on the channel", async () => {
    const router = await insertDevice(t.db, company, { model: 'RUT955' });
    const modem = await insertDevice(t.db, company, {
      model: 'TRB140',
      firmware: 'TRB1_R_00.07.06',
      series: 'trb',
    });
    const off = await setMonitoring([
      { device_id: router.id, monitoring_enabled: 0 },
      { device_id: modem.id, monitoring_enabled: 0 },
    ]);
    expect(off.statusCode, off.body).toBe(200);
    const offPeriods = off.json().data[0].periods as Record<string, number>;
    expect(Object.values(offPeriods).every((period) => period === 0)).toBe(true);

    // On again: the defaults of what each device supports (TRB140: no Wi-Fi); a field still wins.
    const on = await setMonitoring([
      { device_id: router.id, monitoring_enabled: 1, dynamic_monitoring: 600 },
      { device_id: modem.id, monitoring_enabled: 1 },
    ]);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject([
      {
        periods: {
          dynamic_monitoring: 600,
          wireless_monitoring: 300,
          static_monitoring: 1_296_000,
        },
      },
      { periods: { dynamic_monitoring: 300, wireless_monitoring: 0 } },
    ]);
    const channel = on.json().meta.channel as string;
    const read = await request('GET', `/api/status/channel/${channel}`);
    expect(read.json().data).toEqual({
      [router.id]: [{ status: 'completed', value: 'Monitoring periods updated' }],
      [modem.id]: [{ status: 'completed', value: 'Monitoring periods updated' }],
    });
  });

  it('refuses periods below 60 seconds with the field as source', async () => {
    const device = await insertDevice(t.db, company);
    const response = await setMonitoring([{ device_id: device.id, dynamic_monitoring: 59 }]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: [{ source: 'data.0.dynamic_monitoring' }],
    });
  });

  it('refuses a category the device lacks per item (207, source = device id)', async () => {
    const wifi = await insertDevice(t.db, company, { model: 'RUT955' });
    // TRB140 has no Wi-Fi.
    const noWifi = await insertDevice(t.db, company, {
      model: 'TRB140',
      firmware: 'TRB1_R_00.07.06',
      series: 'trb',
    });
    const response = await setMonitoring([
      { device_id: wifi.id, wireless_monitoring: 300 },
      { device_id: noWifi.id, wireless_monitoring: 300 },
    ]);
    expect(response.statusCode, response.body).toBe(207);
    expect(response.json()).toMatchObject({
      data: [{ device_id: wifi.id }],
      errors: [
        { source: String(noWifi.id), message: 'The device does not support Wireless monitoring' },
      ],
    });
    const off = await setMonitoring([{ device_id: noWifi.id, wireless_monitoring: 0 }]);
    expect(off.statusCode).toBe(200);
  });

  it('applies a template, and answers 404 for devices of other companies', async () => {
    const created = await request('POST', '/api/monitoring-templates', {
      company_id: company.id,
      name: 'slow',
      parameters: [
        { key: 'dynamic', period: 3600, enabled: true },
        { key: 'gps', period: 600, enabled: false },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = (created.json() as { data: { id: number } }).data;
    const device = await insertDevice(t.db, company);
    const applied = await setMonitoring([{ device_id: device.id, template_id: template.id }]);
    expect(applied.json()).toMatchObject({
      data: [{ periods: { dynamic_monitoring: 3600, gps_monitoring: 0 } }],
    });

    const foreign = await insertDevice(t.db, await createCompany(t.db));
    const refused = await setMonitoring([{ device_id: foreign.id, dynamic_monitoring: 600 }]);
    expect(refused.statusCode).toBe(404);
  });

  it('leaves no status channel behind when every device is refused', async () => {
    const channelsBefore = await t.db.$count(statusChannels);
    const refused = await setMonitoring([{ device_id: 2_000_000_000, dynamic_monitoring: 600 }]);
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json()).toMatchObject({ success: false, errors: [{ code: 'NOT_FOUND' }] });
    expect(await t.db.$count(statusChannels)).toBe(channelsBefore);
  });
});

describe('monitoring templates', () => {
  it('names each parameter with its config entry, byte costs and the bytes per day', async () => {
    const response = await request('POST', '/api/monitoring-templates', {
      company_id: company.id,
      name: 'costly',
      description: 'five-minute dynamic',
      parameters: [
        { key: 'dynamic', period: 300, enabled: true },
        { key: 'static', period: 86_400, enabled: true },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json() as { data: { id: number } };
    expect(data).toMatchObject({
      parameters: [
        {
          key: 'dynamic',
          label: 'Dynamic',
          config_id: 0,
          default: 300,
          min: 60,
          max: 31_536_000,
          compat_key: null,
          bytes: { down: 430, up: 1024 },
        },
        {
          key: 'static',
          label: 'Static',
          config_id: 1,
          default: 1_296_000,
          bytes: { down: 4, up: 480 },
        },
      ],
      // 288 dynamic messages a day at 1454 bytes each, and one static message of 484 bytes.
      bytes_per_day: 288 * 1454 + 484,
    });

    const renamed = await request('PUT', `/api/monitoring-templates/${data.id}`, {
      name: 'costly 2',
    });
    expect(renamed.json()).toMatchObject({ data: { name: 'costly 2' } });
    const listed = await request('GET', '/api/monitoring-templates?q=costly');
    expect(listed.json()).toMatchObject({ meta: { total: 1 } });
    expect((await request('DELETE', `/api/monitoring-templates/${data.id}`)).statusCode).toBe(200);
    expect((await request('GET', `/api/monitoring-templates/${data.id}`)).statusCode).toBe(404);
  });

  it(`allows at most ${MAX_ACTIVE_MONITORING_PARAMETERS} active parameters`, async () => {
    const parameters = Array.from({ length: MAX_ACTIVE_MONITORING_PARAMETERS + 1 }, () => ({
      key: 'dynamic',
      period: 300,
      enabled: true,
    }));
    const response = await request('POST', '/api/monitoring-templates', {
      company_id: company.id,
      name: 'too many',
      parameters,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: [{ source: 'parameters', message: 'At most 200 parameters may be active' }],
    });
  });

  it('refuses unknown and repeated parameters, periods out of range and duplicate names', async () => {
    const create = (name: string, parameters: object[]) =>
      request('POST', '/api/monitoring-templates', { company_id: company.id, name, parameters });
    const unknown = await create('a', [{ key: 'weather', period: 300, enabled: true }]);
    expect(unknown.json()).toMatchObject({ errors: [{ source: 'parameters.0.key' }] });
    const twice = await create('b', [
      { key: 'io', period: 300, enabled: true },
      { key: 'io', period: 600, enabled: false },
    ]);
    expect(twice.json()).toMatchObject({ errors: [{ source: 'parameters.1.key' }] });
    const short = await create('c', [{ key: 'io', period: 59, enabled: true }]);
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ errors: [{ source: 'parameters.0.period' }] });
    expect((await create('dup', [])).statusCode).toBe(201);
    expect((await create('DUP', [])).statusCode).toBe(409);
  });
});

import {
  applyConfigRequests,
  type ConfigAction,
  type ConfigActionDevice,
  type ConfigLog,
  type ConfigTemplate,
  type DeviceConfig,
  configSetArgsSchema,
  readConfig,
} from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  session = await loginAs(t.app, await createUser(t.db, 'admin', { company }));
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  as = session,
) => t.app.inject({ method, url, headers: as.headers, ...(payload ? { payload } : {}) });

const LAN: DeviceConfig = {
  network: {
    lan: { '.type': 'interface', proto: 'static', ipaddr: '192.168.1.1', netmask: '255.255.255.0' },
  },
  system: { system: { '.type': 'system', hostname: 'router' } },
  firewall: {},
  wireless: {},
};

/** Plays a device with a real store: applies the newest config job sent to it and acks it. */
const playDevice = async (deviceId: number, store: { config: DeviceConfig }, model = 'RUT955') => {
  const command = gateway.commandsFor(deviceId).at(-1);
  if (!command) throw new Error('nothing sent');
  if (command.type === 'config_get') {
    const paths = (command.args.paths as string[]) ?? [];
    await gateway.listener.ack(deviceId, {
      id: command.id,
      status: 'completed',
      result: JSON.stringify(readConfig(store.config, paths)),
    });
    return;
  }
  const { requests } = configSetArgsSchema.parse(command.args);
  const applied = applyConfigRequests(store.config, requests, model);
  store.config = applied.store;
  await gateway.listener.ack(deviceId, {
    id: command.id,
    status: applied.ok ? 'completed' : 'failed',
    result: JSON.stringify({ results: applied.results }),
    ...(applied.ok ? {} : { message: applied.results.at(-1)?.message ?? 'refused' }),
  });
};

const template = {
  name: 'Office LAN',
  version: '1.0.0',
  device_model: 'RUT9',
  min_firmware: '07.02',
  max_firmware: null,
  template: [
    { path: '/network/lan', method: 'put', request_data: { ipaddr: '10.0.0.1', dns: ['1.1.1.1'] } },
    {
      path: '/firewall/allow_web',
      method: 'post',
      request_data: { '.type': 'rule', name: 'Web', dest_port: '443', target: 'ACCEPT' },
    },
  ],
};

const createTemplate = async (body: object = template) => {
  const response = await call('POST', '/api/devices/configurator/templates', {
    company_id: company.id,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: ConfigTemplate }).data;
};

describe('device configuration', () => {
  it('applies a template, reads back what changed on each device, and rolls it back', async () => {
    const device = await insertDevice(t.db, company, {
      model: 'RUT955',
      firmware: 'RUT9_R_00.07.06.1',
    });
    gateway.online.add(device.id);
    const store = { config: structuredClone(LAN) };
    const created = await createTemplate();
    expect(JSON.parse(created.template)).toHaveLength(2);

    const used = await call('POST', `/api/devices/configurator/templates/${created.id}/use`, {
      device_id: [device.id],
    });
    expect(used.statusCode, used.body).toBe(200);
    const { action_name: name } = (used.json() as { meta: { action_name: string } }).meta;
    await playDevice(device.id, store);
    expect(store.config.network?.lan?.ipaddr).toBe('10.0.0.1');

    const action = (await call('GET', `/api/devices/configurator/actions/${name}`)).json() as {
      data: ConfigAction;
    };
    expect(action.data).toMatchObject({
      kind: 'template',
      template_name: 'Office LAN',
      devices: 1,
      completed: 1,
    });
    const devices = (
      await call('GET', `/api/devices/configurator/actions/${name}/devices`)
    ).json() as {
      data: ConfigActionDevice[];
    };
    expect(devices.data[0]?.changes).toEqual(
      expect.arrayContaining([
        { path: '/network/lan', option: 'ipaddr', before: '192.168.1.1', after: '10.0.0.1' },
        { path: '/network/lan', option: 'dns', before: null, after: ['1.1.1.1'] },
        { path: '/firewall/allow_web', option: 'target', before: null, after: 'ACCEPT' },
      ]),
    );

    const logs = (
      await call('GET', `/api/devices/${device.id}/configurator/logs/${name}`)
    ).json() as { data: ConfigLog[] };
    expect(
      logs.data.map((log) => [log.method, log.route, log.response_code, log.request_state]),
    ).toEqual([
      ['PUT', '/network/lan', 200, 'completed'],
      ['POST', '/firewall/allow_web', 201, 'completed'],
    ]);

    const rollback = await call('POST', `/api/devices/configurator/actions/${name}/rollback`, {});
    expect(rollback.statusCode, rollback.body).toBe(200);
    await playDevice(device.id, store);
    expect(store.config).toEqual(LAN);
    const undone = (await call('GET', '/api/devices/configurator/actions?limit=1')).json() as {
      data: ConfigAction[];
    };
    expect(undone.data[0]).toMatchObject({ kind: 'rollback', rollback_of: name, completed: 1 });
  });

  it('reads configuration values back from a device', async () => {
    const device = await insertDevice(t.db, company);
    gateway.online.add(device.id);
    const response = await call('POST', '/api/devices/configurator/configuration', {
      device_id: device.id,
      endpoints: [{ path: '/network/lan' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { action_name: name } = (response.json() as { meta: { action_name: string } }).meta;
    await playDevice(device.id, { config: structuredClone(LAN) });
    const devices = (
      await call('GET', `/api/devices/configurator/actions/${name}/devices`)
    ).json() as {
      data: ConfigActionDevice[];
    };
    expect(devices.data[0]?.values).toEqual({ network: { lan: LAN.network?.lan } });
  });

  it('configures each device with the requests that name it, and logs a refusal', async () => {
    const [a, b] = [await insertDevice(t.db, company), await insertDevice(t.db, company)];
    gateway.online.add(a.id).add(b.id);
    const response = await call('POST', '/api/devices/configurator/configure', {
      configuration: [
        {
          device_id: [a.id, b.id],
          path: '/system/system',
          method: 'put',
          request_data: { hostname: 'edge' },
        },
        {
          device_id: [b.id],
          path: '/network/guest',
          method: 'put',
          request_data: { proto: 'dhcp' },
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);

    // Until they answer, the devices have a configuration pending (RMS device filter).
    const pending = await call('GET', `/api/devices?task=pending_configuration&id=${a.id},${b.id}`);
    expect((pending.json() as { data: { id: number }[] }).data.map((d) => d.id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    const [storeA, storeB] = [{ config: structuredClone(LAN) }, { config: structuredClone(LAN) }];
    await playDevice(a.id, storeA);
    await playDevice(b.id, storeB);
    expect(storeA.config.system?.system?.hostname).toBe('edge');
    // All or nothing: b refused /network/guest, so its hostname is unchanged too.
    expect(storeB.config).toEqual(LAN);
    const logs = (await call('GET', `/api/devices/${b.id}/configurator/logs`)).json() as {
      data: ConfigLog[];
    };
    expect(logs.data.map((log) => [log.route, log.response_code, log.request_state])).toEqual([
      ['/system/system', 409, 'failed'],
      ['/network/guest', 404, 'failed'],
    ]);
    expect(logs.data[1]?.response_message).toBe('/network/guest does not exist');
    expect(logs.data[0]?.response_message).toMatch(/^Not applied/);
    const refused = (
      await call('GET', `/api/devices/configurator/actions/${logs.data[0]?.action_name}/devices`)
    ).json() as {
      data: ConfigActionDevice[];
    };
    expect(refused.data.find((device) => device.device_id === b.id)?.changes).toEqual([]);
    const bad = await call('POST', '/api/devices/configurator/configure', {
      configuration: [
        { device_id: [a.id], path: '/network', method: 'put', request_data: { proto: 'dhcp' } },
      ],
    });
    expect(bad.json()).toMatchObject({ errors: [{ source: 'configuration.0.path' }] });
  });

  it('refuses bad templates and devices outside a template before sending anything', async () => {
    const bad = await call('POST', '/api/devices/configurator/templates', {
      ...template,
      company_id: company.id,
      name: 'Bad',
      template: [
        { path: '/wireless/default_radio0', method: 'put', request_data: { key: 'short' } },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      errors: [{ source: 'template.0.request_data.key', message: 'At least 8 characters' }],
    });

    const noWifi = await call('POST', '/api/devices/configurator/templates', {
      ...template,
      company_id: company.id,
      name: 'Wi-Fi on a RUT300',
      device_model: 'RUT300',
      template: [{ path: '/wireless/default_radio0', method: 'put', request_data: { ssid: 'x' } }],
    });
    expect(noWifi.json()).toMatchObject({ errors: [{ source: 'template.0.path' }] });

    const range = await call('POST', '/api/devices/configurator/templates', {
      ...template,
      company_id: company.id,
      min_firmware: '07.08',
      max_firmware: '07.02',
    });
    expect(range.json()).toMatchObject({ errors: [{ source: 'max_firmware' }] });

    const created = await createTemplate({ ...template, name: 'Range', min_firmware: '07.04' });
    const old = await insertDevice(t.db, company, { firmware: 'RUT9_R_00.07.02.4' });
    const other = await insertDevice(t.db, company, {
      model: 'RUTX11',
      firmware: 'RUTX_R_00.07.06.1',
    });
    const foreign = await insertDevice(t.db, await createCompany(t.db));
    const sentBefore = gateway.commands.length;
    for (const [id, message] of [
      [old.id, 'The device runs RUT9_R_00.07.02.4; the template needs 07.04 or later'],
      [other.id, 'The template is for RUT9, not RUTX11'],
      [foreign.id, 'Device not found'],
    ] as const) {
      const response = await call('POST', `/api/devices/configurator/templates/${created.id}/use`, {
        device_id: [id],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ errors: [{ source: 'device_id.0', message }] });
    }
    expect(gateway.commands.length).toBe(sentBefore);

    const duplicate = await call('POST', '/api/devices/configurator/templates', {
      ...template,
      company_id: company.id,
      name: 'range',
      min_firmware: '07.04',
    });
    expect(duplicate.statusCode).toBe(409);
  });

  it('keeps templates, actions and logs to the caller’s companies', async () => {
    const otherCompany = await createCompany(t.db);
    const outsider = await loginAs(
      t.app,
      await createUser(t.db, 'admin', { company: otherCompany }),
    );
    const created = await createTemplate({ ...template, name: 'Private' });
    const device = await insertDevice(t.db, company);
    expect(
      (await call('GET', `/api/devices/configurator/templates/${created.id}`, undefined, outsider))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'DELETE',
          `/api/devices/configurator/templates/${created.id}`,
          undefined,
          outsider,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/devices/${device.id}/configurator/logs`, undefined, outsider))
        .statusCode,
    ).toBe(404);
    const list = (
      await call('GET', '/api/devices/configurator/actions', undefined, outsider)
    ).json() as { data: unknown[] };
    expect(list.data).toEqual([]);
    expect(
      (await call('DELETE', `/api/devices/configurator/templates/${created.id}`)).statusCode,
    ).toBe(200);
  });

  it('describes the configuration API the chosen devices share', async () => {
    const router = await insertDevice(t.db, company, { model: 'RUT955' });
    const wired = await insertDevice(t.db, company, {
      model: 'RUT300',
      firmware: 'RUT30X_R_00.07.06',
    });
    const legacy = await insertDevice(t.db, company, {
      model: 'RUT955',
      firmware: 'RUT9XX_R_00.06.09',
    });
    const pathsOf = async (ids: number[]) => {
      const spec = await call(
        'GET',
        `/api/devices/configurator/specification?device_id=${ids.join(',')}`,
      );
      const { url } = spec.json() as { url: string };
      const answer = await call('GET', url);
      expect(answer.statusCode, answer.body).toBe(200);
      return Object.keys((answer.json() as { paths: Record<string, unknown> }).paths);
    };
    // RutOS firmware brings Dynamic DNS and site blocking; the legacy firmware has neither.
    expect(await pathsOf([router.id, wired.id])).toEqual([
      '/ddns/{section}',
      '/firewall/{section}',
      '/network/{section}',
      '/system/{section}',
      '/webfilter/{section}',
    ]);
    expect(await pathsOf([router.id, legacy.id])).toEqual([
      '/firewall/{section}',
      '/network/{section}',
      '/system/{section}',
      '/wireless/{section}',
    ]);
  });
});

describe('Dynamic DNS and site blocking through configure', () => {
  const service = {
    '.type': 'service',
    enabled: '1',
    service_name: 'duckdns.org',
    domain: 'office-7.duckdns.org',
    username: 'ada',
    password: 'secret',
  };

  it('sends a DDNS service to a device that has DDNS, and the device applies it', async () => {
    const device = await insertDevice(t.db, company, { firmware: 'RUT9_R_00.07.06.1' });
    gateway.online.add(device.id);
    const response = await call('POST', '/api/devices/configurator/configure', {
      configuration: [
        { device_id: [device.id], path: '/ddns/office', method: 'post', request_data: service },
        {
          device_id: [device.id],
          path: '/webfilter/general',
          method: 'put',
          request_data: { enabled: '1', mode: 'blacklist', domain: ['ads.example.com'] },
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ meta: { channel: expect.any(String) } });
    const store: { config: DeviceConfig } = {
      config: {
        ...structuredClone(LAN),
        ddns: {},
        webfilter: { general: { '.type': 'webfilter', enabled: '0', mode: 'blacklist' } },
      },
    };
    await playDevice(device.id, store);
    expect(store.config.ddns?.office).toEqual(service);
    expect(store.config.webfilter?.general).toMatchObject({
      enabled: '1',
      domain: ['ads.example.com'],
    });
  });

  it('refuses a bad domain at its field, and a device whose firmware has no DDNS', async () => {
    const device = await insertDevice(t.db, company, { firmware: 'RUT9_R_00.07.06.1' });
    const sent = gateway.commandsFor(device.id).length;
    const badDomain = await call('POST', '/api/devices/configurator/configure', {
      configuration: [
        {
          device_id: [device.id],
          path: '/ddns/office',
          method: 'post',
          request_data: { ...service, domain: 'office_7.duckdns' },
        },
      ],
    });
    expect(badDomain.statusCode).toBeGreaterThanOrEqual(400);
    expect(badDomain.statusCode).toBeLessThan(500);
    expect(badDomain.json()).toMatchObject({
      success: false,
      errors: [
        {
          source: 'configuration.0.request_data.domain',
          message: 'Use a domain name such as example.com',
        },
      ],
    });
    const badList = await call('POST', '/api/devices/configurator/configure', {
      configuration: [
        {
          device_id: [device.id],
          path: '/webfilter/general',
          method: 'put',
          request_data: { domain: ['example.com', '-ads.example.com'] },
        },
      ],
    });
    expect(badList.json()).toMatchObject({
      success: false,
      errors: [{ source: 'configuration.0.request_data.domain' }],
    });

    const legacy = await insertDevice(t.db, company, { firmware: 'RUT9XX_R_00.06.09' });
    const noDdns = await call('POST', '/api/devices/configurator/configure', {
      configuration: [
        { device_id: [legacy.id], path: '/ddns/office', method: 'post', request_data: service },
      ],
    });
    expect(noDdns.statusCode).toBeGreaterThanOrEqual(400);
    expect(noDdns.json()).toMatchObject({
      errors: [
        {
          source: 'configuration.0.device_id.0',
          message: 'RUT955: The ddns configuration is not on RUT955 with RUT9XX_R_00.06.09',
        },
      ],
    });
    expect(gateway.commandsFor(device.id)).toHaveLength(sent);
    expect(gateway.commandsFor(legacy.id)).toHaveLength(0);
  });
});

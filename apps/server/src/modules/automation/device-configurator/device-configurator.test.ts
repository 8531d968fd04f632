import type { ConfigAction, ConfigActionDevice, ConfigLog } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDevice } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { loginAs } from '@test/session';
import {
  buildConfiguratorWorld,
  type ConfiguratorWorld,
  LAN,
  TEMPLATE,
} from './device-configurator.fixtures';

let w: ConfiguratorWorld;
beforeAll(async () => {
  w = await buildConfiguratorWorld();
});
afterAll(() => w.t.close());

describe('device configuration', () => {
  it('applies a template, reads back what changed on each device, and rolls it back', async () => {
    const device = await insertDevice(w.t.db, w.company, {
      model: 'RUT955',
      firmware: 'RUT9_R_00.07.06.1',
    });
    w.gateway.online.add(device.id);
    const store = { config: structuredClone(LAN) };
    const created = await w.createTemplate();
    expect(JSON.parse(created.template)).toHaveLength(2);

    const used = await w.call('POST', `/api/devices/configurator/templates/${created.id}/use`, {
      device_id: [device.id],
    });
    expect(used.statusCode, used.body).toBe(200);
    const { action_name: name } = (used.json() as { meta: { action_name: string } }).meta;
    await w.playDevice(device.id, store);
    expect(store.config.network?.lan?.ipaddr).toBe('10.0.0.1');

    const action = (await w.call('GET', `/api/devices/configurator/actions/${name}`)).json() as {
      data: ConfigAction;
    };
    expect(action.data).toMatchObject({
      kind: 'template',
      template_name: 'Office LAN',
      devices: 1,
      completed: 1,
    });
    const devices = (
      await w.call('GET', `/api/devices/configurator/actions/${name}/devices`)
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
      await w.call('GET', `/api/devices/${device.id}/configurator/logs/${name}`)
    ).json() as { data: ConfigLog[] };
    expect(
      logs.data.map((log) => [log.method, log.route, log.response_code, log.request_state]),
    ).toEqual([
      ['PUT', '/network/lan', 200, 'completed'],
      ['POST', '/firewall/allow_web', 201, 'completed'],
    ]);

    const rollback = await w.call('POST', `/api/devices/configurator/actions/${name}/rollback`, {});
    expect(rollback.statusCode, rollback.body).toBe(200);
    await w.playDevice(device.id, store);
    expect(store.config).toEqual(LAN);
    const undone = (await w.call('GET', '/api/devices/configurator/actions?limit=1')).json() as {
      data: ConfigAction[];
    };
    expect(undone.data[0]).toMatchObject({ kind: 'rollback', rollback_of: name, completed: 1 });
    // A device id beyond a database integer is bad input (PostgreSQL failed the query: a 500).
    const huge = await w.call(
      'GET',
      '/api/devices/configurator/actions?device_id=9007199254740991',
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({
      errors: [{ code: 'VALIDATION_ERROR', source: 'device_id' }],
    });
  });

  it('reads configuration values back from a device', async () => {
    const device = await insertDevice(w.t.db, w.company);
    w.gateway.online.add(device.id);
    const response = await w.call('POST', '/api/devices/configurator/configuration', {
      device_id: device.id,
      endpoints: [{ path: '/network/lan' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { action_name: name } = (response.json() as { meta: { action_name: string } }).meta;
    await w.playDevice(device.id, { config: structuredClone(LAN) });
    const devices = (
      await w.call('GET', `/api/devices/configurator/actions/${name}/devices`)
    ).json() as {
      data: ConfigActionDevice[];
    };
    expect(devices.data[0]?.values).toEqual({ network: { lan: LAN.network?.lan } });
  });

  it('configures each device with the requests that name it, and logs a refusal', async () => {
    const [a, b] = [await insertDevice(w.t.db, w.company), await insertDevice(w.t.db, w.company)];
    w.gateway.online.add(a.id).add(b.id);
    const response = await w.call('POST', '/api/devices/configurator/configure', {
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
    const pending = await w.call(
      'GET',
      `/api/devices?task=pending_configuration&id=${a.id},${b.id}`,
    );
    expect((pending.json() as { data: { id: number }[] }).data.map((d) => d.id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    const [storeA, storeB] = [{ config: structuredClone(LAN) }, { config: structuredClone(LAN) }];
    await w.playDevice(a.id, storeA);
    await w.playDevice(b.id, storeB);
    expect(storeA.config.system?.system?.hostname).toBe('edge');
    // All or nothing: b refused /network/guest, so its hostname is unchanged too.
    expect(storeB.config).toEqual(LAN);
    const logs = (await w.call('GET', `/api/devices/${b.id}/configurator/logs`)).json() as {
      data: ConfigLog[];
    };
    expect(logs.data.map((log) => [log.route, log.response_code, log.request_state])).toEqual([
      ['/system/system', 409, 'failed'],
      ['/network/guest', 404, 'failed'],
    ]);
    expect(logs.data[1]?.response_message).toBe('/network/guest does not exist');
    expect(logs.data[0]?.response_message).toMatch(/^Not applied/);
    const refused = (
      await w.call('GET', `/api/devices/configurator/actions/${logs.data[0]?.action_name}/devices`)
    ).json() as {
      data: ConfigActionDevice[];
    };
    expect(refused.data.find((device) => device.device_id === b.id)?.changes).toEqual([]);
    const bad = await w.call('POST', '/api/devices/configurator/configure', {
      configuration: [
        { device_id: [a.id], path: '/network', method: 'put', request_data: { proto: 'dhcp' } },
      ],
    });
    expect(bad.json()).toMatchObject({ errors: [{ source: 'configuration.0.path' }] });
  });

  it('refuses bad templates and devices outside a template before sending anything', async () => {
    const bad = await w.call('POST', '/api/devices/configurator/templates', {
      ...TEMPLATE,
      company_id: w.company.id,
      name: 'Bad',
      template: [
        { path: '/wireless/default_radio0', method: 'put', request_data: { key: 'short' } },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      errors: [{ source: 'template.0.request_data.key', message: 'At least 8 characters' }],
    });

    const noWifi = await w.call('POST', '/api/devices/configurator/templates', {
      ...TEMPLATE,
      company_id: w.company.id,
      name: 'Wi-Fi on a RUT300',
      device_model: 'RUT300',
      template: [{ path: '/wireless/default_radio0', method: 'put', request_data: { ssid: 'x' } }],
    });
    expect(noWifi.json()).toMatchObject({ errors: [{ source: 'template.0.path' }] });

    const range = await w.call('POST', '/api/devices/configurator/templates', {
      ...TEMPLATE,
      company_id: w.company.id,
      min_firmware: '07.08',
      max_firmware: '07.02',
    });
    expect(range.json()).toMatchObject({ errors: [{ source: 'max_firmware' }] });

    const created = await w.createTemplate({ ...TEMPLATE, name: 'Range', min_firmware: '07.04' });
    const old = await insertDevice(w.t.db, w.company, { firmware: 'RUT9_R_00.07.02.4' });
    const other = await insertDevice(w.t.db, w.company, {
      model: 'RUTX11',
      firmware: 'RUTX_R_00.07.06.1',
    });
    const foreign = await insertDevice(w.t.db, await createCompany(w.t.db));
    const sentBefore = w.gateway.commands.length;
    for (const [id, message] of [
      [old.id, 'The device runs RUT9_R_00.07.02.4; the template needs 07.04 or later'],
      [other.id, 'The template is for RUT9, not RUTX11'],
      [foreign.id, 'Device not found'],
    ] as const) {
      const response = await w.call(
        'POST',
        `/api/devices/configurator/templates/${created.id}/use`,
        {
          device_id: [id],
        },
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ errors: [{ source: 'device_id.0', message }] });
    }
    expect(w.gateway.commands.length).toBe(sentBefore);

    const duplicate = await w.call('POST', '/api/devices/configurator/templates', {
      ...TEMPLATE,
      company_id: w.company.id,
      name: 'range',
      min_firmware: '07.04',
    });
    expect(duplicate.statusCode).toBe(409);
  });

  it('keeps templates, actions and logs to the caller’s companies', async () => {
    const otherCompany = await createCompany(w.t.db);
    const outsider = await loginAs(
      w.t.app,
      await createUser(w.t.db, 'admin', { company: otherCompany }),
    );
    const created = await w.createTemplate({ ...TEMPLATE, name: 'Private' });
    const device = await insertDevice(w.t.db, w.company);
    expect(
      (
        await w.call(
          'GET',
          `/api/devices/configurator/templates/${created.id}`,
          undefined,
          outsider,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await w.call(
          'DELETE',
          `/api/devices/configurator/templates/${created.id}`,
          undefined,
          outsider,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await w.call('GET', `/api/devices/${device.id}/configurator/logs`, undefined, outsider))
        .statusCode,
    ).toBe(404);
    const list = (
      await w.call('GET', '/api/devices/configurator/actions', undefined, outsider)
    ).json() as { data: unknown[] };
    expect(list.data).toEqual([]);
    expect(
      (await w.call('DELETE', `/api/devices/configurator/templates/${created.id}`)).statusCode,
    ).toBe(200);
  });

  it('describes the configuration API the chosen devices share', async () => {
    const router = await insertDevice(w.t.db, w.company, { model: 'RUT955' });
    const wired = await insertDevice(w.t.db, w.company, {
      model: 'RUT300',
      firmware: 'RUT30X_R_00.07.06',
    });
    const legacy = await insertDevice(w.t.db, w.company, {
      model: 'RUT955',
      firmware: 'RUT9XX_R_00.06.09',
    });
    const pathsOf = async (ids: number[]) => {
      const spec = await w.call(
        'GET',
        `/api/devices/configurator/specification?device_id=${ids.join(',')}`,
      );
      const { url } = spec.json() as { url: string };
      const answer = await w.call('GET', url);
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

import {
  applyConfigRequests,
  type ConfigTemplate,
  type DeviceConfig,
  configSetArgsSchema,
  readConfig,
} from '@netfleet/contracts';
import { expect } from 'vitest';
import { buildTestApp } from '@test/app';
import { createFakeGateway } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

export const LAN: DeviceConfig = {
  network: {
    lan: { '.type': 'interface', proto: 'static', ipaddr: '192.168.1.1', netmask: '255.255.255.0' },
  },
  system: { system: { '.type': 'system', hostname: 'router' } },
  firewall: {},
  wireless: {},
};

export const TEMPLATE = {
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * An app with a fake device gateway, a company and its admin. Each test file builds its own:
 * files share a worker's module cache, so nothing here may live at module level.
 */
export const buildConfiguratorWorld = async () => {
  const gateway = createFakeGateway();
  const t = await buildTestApp({}, { deviceGateway: gateway });
  const company = await createCompany(t.db);
  const session = await loginAs(t.app, await createUser(t.db, 'admin', { company }));

  const call = (method: Method, url: string, payload?: object, as: TestSession = session) =>
    t.app.inject({ method, url, headers: as.headers, ...(payload ? { payload } : {}) });

  /** Plays a device with a real store: applies the newest config job sent to it and acks it. */
  const playDevice = async (
    deviceId: number,
    store: { config: DeviceConfig },
    model = 'RUT955',
  ) => {
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

  const createTemplate = async (body: object = TEMPLATE) => {
    const response = await call('POST', '/api/devices/configurator/templates', {
      company_id: company.id,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { data: ConfigTemplate }).data;
  };

  /** The action an answer started (`meta.action_name`). */
  const actionOf = (response: { json: () => unknown }) =>
    (response.json() as { meta: { action_name: string } }).meta.action_name;

  return { t, gateway, company, session, call, playDevice, createTemplate, actionOf };
};

export type ConfiguratorWorld = Awaited<ReturnType<typeof buildConfiguratorWorld>>;

import {
  type ConfigActionDevice,
  type DeviceConfig,
  configSetArgsSchema,
  type ConfigRequest,
  SECRET_VALUE_MASK,
  templateRequests,
} from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configActions, configTemplates } from '@/db/schema';
import { insertDevice } from '@test/fake-gateway';
import {
  buildConfiguratorWorld,
  type ConfiguratorWorld,
  LAN,
} from './device-configurator.fixtures';

let w: ConfiguratorWorld;
beforeAll(async () => {
  w = await buildConfiguratorWorld();
});
afterAll(() => w.t.close());

const OLD_KEY = 'old-wifi-key-1234';
const NEW_KEY = 'new-wifi-key-5678';
const DDNS_PASSWORD = 'ddns-password-9012';
const SECRETS = [OLD_KEY, NEW_KEY, DDNS_PASSWORD];

const withSecrets = (): DeviceConfig => ({
  ...structuredClone(LAN),
  wireless: {
    default_radio0: {
      '.type': 'wifi-iface',
      ssid: 'Office',
      encryption: 'psk2',
      key: OLD_KEY,
    },
  },
  ddns: {},
});

/**
 * Every answer a client could read about the action and the device, as text: the action, its
 * logs, the device's jobs and the action's status channel.
 */
const everythingAbout = async (deviceId: number, name: string) => {
  const action = await w.call('GET', `/api/devices/configurator/actions/${name}`);
  const { channel } = (action.json() as { data: { channel: string } }).data;
  const urls = [
    '/api/devices/configurator/actions',
    `/api/devices/configurator/actions/${name}/devices`,
    `/api/devices/${deviceId}/configurator/logs`,
    `/api/devices/${deviceId}/configurator/logs/${name}`,
    `/api/devices/actions/logs?device_id=${deviceId}`,
    `/api/status/channel/${channel}`,
  ];
  const bodies: string[] = [action.body];
  for (const url of urls) {
    const response = await w.call('GET', url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    bodies.push(response.body);
  }
  return bodies.join('\n');
};

const expectNoSecret = (text: string) => {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
};

describe('secret options (Wi-Fi key, DDNS password) at the API', () => {
  it('sends the device the secrets, answers masked changes and logs, and keeps them masked', async () => {
    const device = await insertDevice(w.t.db, w.company, { firmware: 'RUT9_R_00.07.06.1' });
    w.gateway.online.add(device.id);
    const store = { config: withSecrets() };
    const configured = await w.call('POST', '/api/devices/configurator/configure', {
      configuration: [
        {
          device_id: [device.id],
          path: '/wireless/default_radio0',
          method: 'put',
          request_data: { key: NEW_KEY },
        },
        {
          device_id: [device.id],
          path: '/ddns/office',
          method: 'post',
          request_data: {
            '.type': 'service',
            service_name: 'duckdns.org',
            domain: 'office.duckdns.org',
            password: DDNS_PASSWORD,
          },
        },
      ],
    });
    expect(configured.statusCode, configured.body).toBe(200);
    expectNoSecret(configured.body);
    const name = w.actionOf(configured);

    // The device needs the values themselves.
    const sent = configSetArgsSchema.parse(w.gateway.commandsFor(device.id).at(-1)?.args);
    expect(sent.requests.map((request) => request.request_data)).toEqual([
      { key: NEW_KEY },
      expect.objectContaining({ password: DDNS_PASSWORD }),
    ]);
    await w.playDevice(device.id, store);
    expect(store.config.wireless?.default_radio0?.key).toBe(NEW_KEY);

    const answers = await everythingAbout(device.id, name);
    expectNoSecret(answers);
    const devices = (
      await w.call('GET', `/api/devices/configurator/actions/${name}/devices`)
    ).json() as { data: ConfigActionDevice[] };
    // A secret's change is still listed: set, changed or removed, never to what.
    expect(devices.data[0]?.changes).toEqual(
      expect.arrayContaining([
        {
          path: '/wireless/default_radio0',
          option: 'key',
          before: SECRET_VALUE_MASK,
          after: SECRET_VALUE_MASK,
        },
        { path: '/ddns/office', option: 'password', before: null, after: SECRET_VALUE_MASK },
        { path: '/ddns/office', option: 'domain', before: null, after: 'office.duckdns.org' },
      ]),
    );

    // What the action keeps is masked too, not only what is answered.
    const [kept] = await w.t.db
      .select({ requests: configActions.requests })
      .from(configActions)
      .where(eq(configActions.name, name));
    expect(JSON.stringify(kept?.requests)).toContain(SECRET_VALUE_MASK);
    expectNoSecret(JSON.stringify(kept?.requests));

    // Rollback still restores the old key on the device (from the device's own answer).
    const rollback = await w.call('POST', `/api/devices/configurator/actions/${name}/rollback`, {});
    expect(rollback.statusCode, rollback.body).toBe(200);
    expectNoSecret(rollback.body);
    await w.playDevice(device.id, store);
    expect(store.config.wireless?.default_radio0?.key).toBe(OLD_KEY);
    expect(store.config.ddns).toEqual({});
    const undone = w.actionOf(rollback);
    expectNoSecret(await everythingAbout(device.id, undone));
    const [undoKept] = await w.t.db
      .select({ requests: configActions.requests })
      .from(configActions)
      .where(eq(configActions.name, undone));
    expectNoSecret(JSON.stringify(undoKept?.requests));
  });

  it('reads a device’s configuration with the secrets masked, the rest as it is', async () => {
    const device = await insertDevice(w.t.db, w.company, { firmware: 'RUT9_R_00.07.06.1' });
    w.gateway.online.add(device.id);
    const config = withSecrets();
    config.ddns = {
      office: { '.type': 'service', domain: 'office.duckdns.org', password: DDNS_PASSWORD },
    };
    const read = await w.call('POST', '/api/devices/configurator/configuration', {
      device_id: device.id,
      endpoints: [{ path: '/wireless' }, { path: '/ddns' }],
    });
    expect(read.statusCode, read.body).toBe(200);
    const name = w.actionOf(read);
    await w.playDevice(device.id, { config });

    const answers = await everythingAbout(device.id, name);
    expectNoSecret(answers);
    // The values still reach the channel and the job list, the secrets masked.
    expect(answers).toContain(`"password":"${SECRET_VALUE_MASK}"`);
    const devices = (
      await w.call('GET', `/api/devices/configurator/actions/${name}/devices`)
    ).json() as { data: ConfigActionDevice[] };
    expect(devices.data[0]?.values).toEqual({
      wireless: {
        default_radio0: { ...config.wireless?.default_radio0, key: SECRET_VALUE_MASK },
      },
      ddns: {
        office: { '.type': 'service', domain: 'office.duckdns.org', password: SECRET_VALUE_MASK },
      },
    });
  });

  it('answers a template’s secrets masked, keeps them when the mask comes back, applies them', async () => {
    const body = {
      name: 'Office Wi-Fi',
      version: '1.0.0',
      device_model: null,
      min_firmware: null,
      max_firmware: null,
      template: [
        {
          path: '/wireless/default_radio0',
          method: 'put',
          request_data: { ssid: 'Office', key: OLD_KEY },
        },
        {
          path: '/ddns/office',
          method: 'post',
          request_data: {
            '.type': 'service',
            domain: 'office.duckdns.org',
            password: DDNS_PASSWORD,
          },
        },
      ],
    };
    const created = await w.createTemplate(body);
    const url = `/api/devices/configurator/templates/${created.id}`;
    const shown = templateRequests(created);
    expect(shown[0]?.request_data).toEqual({ ssid: 'Office', key: SECRET_VALUE_MASK });
    expectNoSecret(JSON.stringify(created));
    expectNoSecret((await w.call('GET', '/api/devices/configurator/templates')).body);
    expectNoSecret((await w.call('GET', url)).body);

    // The editor sends the masked requests back with one change: the secrets stay as stored.
    const withData = (requests: ConfigRequest[], index: number, data: object) =>
      requests.map((request, at) =>
        at === index ? { ...request, request_data: { ...request.request_data, ...data } } : request,
      );
    const edited = withData(shown, 0, { ssid: 'Office 2' });
    const updated = await w.call('PUT', url, { ...body, template: edited });
    expect(updated.statusCode, updated.body).toBe(200);
    expectNoSecret(updated.body);

    const device = await insertDevice(w.t.db, w.company, { firmware: 'RUT9_R_00.07.06.1' });
    w.gateway.online.add(device.id);
    const used = await w.call('POST', `${url}/use`, { device_id: [device.id] });
    expect(used.statusCode, used.body).toBe(200);
    const sent = configSetArgsSchema.parse(w.gateway.commandsFor(device.id).at(-1)?.args);
    expect(sent.requests.map((request) => request.request_data)).toEqual([
      { ssid: 'Office 2', key: OLD_KEY },
      expect.objectContaining({ password: DDNS_PASSWORD }),
    ]);
    const store = { config: withSecrets() };
    await w.playDevice(device.id, store);
    expect(store.config.ddns?.office?.password).toBe(DDNS_PASSWORD);
    expectNoSecret(await everythingAbout(device.id, w.actionOf(used)));

    // A value typed anew replaces the stored one.
    const retyped = await w.call('PUT', url, {
      ...body,
      template: withData(edited, 0, { key: NEW_KEY }),
    });
    expect(retyped.statusCode, retyped.body).toBe(200);
    const [kept] = await w.t.db
      .select({ requests: configTemplates.requests })
      .from(configTemplates)
      .where(eq(configTemplates.id, created.id));
    expect(kept?.requests.map((request) => request.request_data)).toEqual([
      { ssid: 'Office 2', key: NEW_KEY },
      expect.objectContaining({ password: DDNS_PASSWORD }),
    ]);

    // A mask with no stored value behind it would reach devices as the secret: refused.
    const guest = {
      path: '/wireless/guest',
      method: 'put',
      request_data: { key: SECRET_VALUE_MASK },
    };
    const unknown = await w.call('PUT', url, { ...body, template: [...edited, guest] });
    expect(unknown.statusCode, unknown.body).toBe(422);
    expect(unknown.json()).toMatchObject({
      errors: [{ source: 'template.2.request_data.key' }],
    });
    const copy = await w.call('POST', '/api/devices/configurator/templates', {
      ...body,
      company_id: w.company.id,
      name: 'Office Wi-Fi copy',
      template: shown,
    });
    expect(copy.statusCode, copy.body).toBe(422);
  });
});

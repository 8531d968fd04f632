import type { DeviceConfig } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const device = await insertDevice(w.t.db, w.company, { firmware: 'RUT9_R_00.07.06.1' });
    w.gateway.online.add(device.id);
    const response = await w.call('POST', '/api/devices/configurator/configure', {
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
    await w.playDevice(device.id, store);
    expect(store.config.ddns?.office).toEqual(service);
    expect(store.config.webfilter?.general).toMatchObject({
      enabled: '1',
      domain: ['ads.example.com'],
    });
  });

  it('refuses a bad domain at its field, and a device whose firmware has no DDNS', async () => {
    const device = await insertDevice(w.t.db, w.company, { firmware: 'RUT9_R_00.07.06.1' });
    const sent = w.gateway.commandsFor(device.id).length;
    const badDomain = await w.call('POST', '/api/devices/configurator/configure', {
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
    const badList = await w.call('POST', '/api/devices/configurator/configure', {
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

    const legacy = await insertDevice(w.t.db, w.company, { firmware: 'RUT9XX_R_00.06.09' });
    const noDdns = await w.call('POST', '/api/devices/configurator/configure', {
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
    expect(w.gateway.commandsFor(device.id)).toHaveLength(sent);
    expect(w.gateway.commandsFor(legacy.id)).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import { applyConfigRequests, type ConfigRequest, configsOfModel } from '@netfleet/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { restoreDeviceState } from './fleet.ts';
import { FleetState } from './fleet-state.ts';
import { defaultSimConfig } from './sim-config-defaults.ts';
import { SimDevice } from './sim-device.ts';
import { simReading } from './sim-readings.ts';

const NOW = () => 1_750_000_000_000;
const fleet = Array.from({ length: 200 }, (_, index) => new SimDevice(index, 42, NOW));
const first = (test: (device: SimDevice) => boolean) => {
  const found = fleet.find(test);
  if (!found) throw new Error('no such simulated device');
  return new SimDevice(found.index, 42, NOW);
};
const request = (
  method: ConfigRequest['method'],
  path: string,
  data: ConfigRequest['request_data'] = {},
): ConfigRequest => ({ method, path, content_type: 'application/json', request_data: data });

describe('simulated Dynamic DNS and site blocking', () => {
  it('ship a registered DDNS service and site blocking switched off where the firmware has them', () => {
    const device = first((d) => d.capabilities.has_ddns && d.capabilities.has_webfilter);
    const config = device.configStore();
    expect(config.ddns).toEqual({
      myddns: {
        '.type': 'service',
        enabled: '1',
        service_name: 'dyndns.org',
        domain: `rut${device.serial.toLowerCase()}.dyndns.org`,
        ip_source: 'network',
        interface: 'wan',
        check_interval: '10',
      },
    });
    expect(config.webfilter).toEqual({
      general: { '.type': 'webfilter', enabled: '0', mode: 'blacklist' },
    });
  });

  it('leave them out where the firmware has none', () => {
    const device = first((d) => !d.capabilities.has_ddns && !d.capabilities.has_webfilter);
    const config = device.configStore();
    expect(Object.keys(config).sort()).toEqual(
      configsOfModel(device.model, device.firmware).sort(),
    );
    expect(config.ddns).toBeUndefined();
    expect(config.webfilter).toBeUndefined();
    expect(simReading(device, 'ddns')).toBeNull();
    // Some firmware of the model has them: its factory configuration without a firmware does.
    expect(defaultSimConfig(device.model, device.serial).ddns).toBeDefined();
  });

  it('report the factory service without creating the configuration store', () => {
    const device = first((d) => d.capabilities.has_ddns);
    expect(simReading(device, 'ddns')).toEqual({
      entries: [
        {
          hostname: `rut${device.serial.toLowerCase()}.dyndns.org`,
          status: 'up',
          ip: `10.0.${device.index & 0xff}.1`,
        },
      ],
    });
    expect(device.config).toBeUndefined();
  });

  it('report the services of the ddns configuration: enabled ones up, others disabled', () => {
    const device = first((d) => d.capabilities.has_ddns);
    const applied = applyConfigRequests(
      device.configStore(),
      [
        request('put', '/ddns/myddns', { enabled: '0' }),
        request('post', '/ddns/office', {
          '.type': 'service',
          enabled: '1',
          service_name: 'duckdns.org',
          domain: 'office-7.duckdns.org',
        }),
        // A service without a domain registers nothing.
        request('post', '/ddns/draft', { '.type': 'service', enabled: '1' }),
      ],
      device.model,
    );
    expect(applied.ok).toBe(true);
    device.config = applied.store;
    expect(simReading(device, 'ddns')?.entries).toEqual([
      { hostname: `rut${device.serial.toLowerCase()}.dyndns.org`, status: 'disabled', ip: null },
      { hostname: 'office-7.duckdns.org', status: 'up', ip: `10.0.${device.index & 0xff}.1` },
    ]);
    device.config = applyConfigRequests(
      applied.store,
      [request('delete', '/ddns/myddns'), request('delete', '/ddns/office')],
      device.model,
    ).store;
    expect(simReading(device, 'ddns')).toEqual({ entries: [] });
  });

  it('add the configs a firmware update brings, keeping the others', () => {
    const device = first((d) => d.model.startsWith('RUT9') && !d.capabilities.has_ddns);
    const config = device.configStore();
    expect(config.ddns).toBeUndefined();
    device.config = { ...config, system: { system: { '.type': 'system', hostname: 'kept' } } };
    device.boot('RUT9_R_00.07.06.1');
    expect(device.capabilities.has_ddns).toBe(true);
    expect(device.config.system?.system?.hostname).toBe('kept');
    expect(device.config.ddns?.myddns?.enabled).toBe('1');
    expect(device.config.webfilter?.general?.mode).toBe('blacklist');
  });

  it('give a configuration kept from an earlier run the firmware configs it lacks', async () => {
    const device = first((d) => d.capabilities.has_ddns && d.capabilities.has_webfilter);
    const dir = mkdtempSync(join(tmpdir(), 'sim-ddns-'));
    try {
      const kept = { system: { system: { '.type': 'system', hostname: 'kept' } } };
      const path = join(dir, 'state.json');
      writeFileSync(
        path,
        JSON.stringify({ version: 1, devices: { [device.serial]: { config: kept } } }),
      );
      restoreDeviceState([device], await FleetState.load(path));
      expect(device.config?.system).toEqual(kept.system);
      expect(device.config?.ddns?.myddns?.domain).toBe(
        `rut${device.serial.toLowerCase()}.dyndns.org`,
      );
      expect(device.config?.webfilter?.general?.enabled).toBe('0');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

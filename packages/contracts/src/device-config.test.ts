import { describe, expect, it } from 'vitest';
import {
  applyConfigRequests,
  type ConfigRequest,
  type DeviceConfig,
  diffConfigResults,
  parseConfigPath,
  readConfig,
  rollbackRequests,
} from './device-config.ts';
import { templateProblems } from './device-config-schema.ts';
import { templateMisfit } from './api/device-configurator.ts';

const store: DeviceConfig = {
  network: {
    lan: { '.type': 'interface', proto: 'static', ipaddr: '192.168.1.1', mtu: '1500' },
  },
  system: { system: { '.type': 'system', hostname: 'router' } },
  firewall: {},
};
const request = (
  method: ConfigRequest['method'],
  path: string,
  data: ConfigRequest['request_data'] = {},
): ConfigRequest => ({ method, path, content_type: 'application/json', request_data: data });

describe('device configuration store', () => {
  it('parses section paths and refuses others', () => {
    expect(parseConfigPath('/network/lan')).toEqual({ config: 'network', section: 'lan' });
    expect(parseConfigPath('/network')).toEqual({ config: 'network', section: undefined });
    expect(parseConfigPath('network/lan')).toBeNull();
    expect(parseConfigPath('/network/lan/x')).toBeNull();
    expect(parseConfigPath('/Net work/lan')).toBeNull();
  });

  it('applies requests in order and answers each with the section before and after', () => {
    const applied = applyConfigRequests(
      store,
      [
        request('put', '/network/lan', { ipaddr: '10.0.0.1', mtu: null }),
        request('post', '/firewall/web', { '.type': 'rule', name: 'Web', target: 'ACCEPT' }),
        request('delete', '/system/system'),
      ],
      'RUT955',
    );
    expect(applied.ok).toBe(true);
    expect(applied.results.map((result) => result.code)).toEqual([200, 201, 200]);
    expect(applied.store.network?.lan).toEqual({
      '.type': 'interface',
      proto: 'static',
      ipaddr: '10.0.0.1',
    });
    expect(store.network?.lan?.ipaddr).toBe('192.168.1.1');
    expect(diffConfigResults(applied.results)).toContainEqual({
      path: '/network/lan',
      option: 'mtu',
      before: '1500',
      after: null,
    });
    // Undoing restores the store exactly.
    const undone = applyConfigRequests(applied.store, rollbackRequests(applied.results), 'RUT955');
    expect(undone.ok).toBe(true);
    expect(undone.store).toEqual(store);
  });

  it('puts a removed section back in its place when rolled back (UCI order is rule order)', () => {
    const rules: DeviceConfig = {
      firewall: {
        first: { '.type': 'rule', name: 'First' },
        second: { '.type': 'rule', name: 'Second' },
        third: { '.type': 'rule', name: 'Third' },
      },
    };
    const applied = applyConfigRequests(
      rules,
      [request('delete', '/firewall/second'), request('delete', '/firewall/first')],
      'RUT955',
    );
    expect(Object.keys(applied.store.firewall ?? {})).toEqual(['third']);
    const undone = applyConfigRequests(applied.store, rollbackRequests(applied.results), 'RUT955');
    expect(Object.keys(undone.store.firewall ?? {})).toEqual(['first', 'second', 'third']);
    expect(undone.store).toEqual(rules);
  });

  it('changes nothing when one request is refused', () => {
    const cases: [ConfigRequest, number, string][] = [
      [request('put', '/network/wan', { proto: 'dhcp' }), 404, '/network/wan does not exist'],
      [request('put', '/network/lan', { ipaddr: '300.1.1.1' }), 400, 'ipaddr: Use an IPv4 address'],
      [
        request('post', '/network/lan', { '.type': 'interface' }),
        400,
        '/network/lan exists already',
      ],
      [
        request('put', '/wireless/radio0', { channel: '6' }),
        404,
        'The device has no wireless configuration',
      ],
      [
        request('put', '/network/lan', { '.type': 'rule' }),
        400,
        'The type of an existing section cannot change',
      ],
      [
        request('put', '/network/lan', { colour: 'red' }),
        400,
        'colour: Unknown option of network interface',
      ],
    ];
    for (const [refused, code, message] of cases) {
      const applied = applyConfigRequests(
        store,
        [request('put', '/system/system', { hostname: 'x' }), refused],
        'RUT955',
      );
      expect(applied.ok).toBe(false);
      expect(applied.store).toBe(store);
      expect(applied.results.at(-1)).toMatchObject({ code, message });
    }
  });

  it('reads whole configs or single sections', () => {
    expect(readConfig(store, ['/system'])).toEqual({ system: store.system });
    expect(readConfig(store, ['/network/lan', '/network/none', '/nope/x'])).toEqual({
      network: store.network,
    });
    expect(readConfig(store, [])).toEqual(store);
  });
});

describe('configuration templates', () => {
  it('reports each problem at its field', () => {
    expect(
      templateProblems(
        [
          request('put', '/network/lan', { ipaddr: 'x' }),
          request('post', '/firewall/web', { name: 'Web' }),
          request('put', '/wireless/default_radio0', { ssid: 'Office' }),
          request('put', '/nothing/here', {}),
        ],
        'RUT300',
      ),
    ).toEqual([
      { source: 'template.0.request_data.ipaddr', message: 'Use an IPv4 address' },
      {
        source: 'template.1.request_data..type',
        message: 'Choose the section type: defaults, rule',
      },
      { source: 'template.2.path', message: 'The wireless configuration is not on RUT300' },
      { source: 'template.3.path', message: 'Unknown configuration nothing' },
    ]);
  });

  it('fits devices by model prefix and firmware range', () => {
    const template = { device_model: 'RUTX', min_firmware: '07.04', max_firmware: '7.8.0' };
    expect(templateMisfit(template, { model: 'RUTX11', firmware: 'RUTX_R_00.07.06.1' })).toBeNull();
    expect(templateMisfit(template, { model: 'RUT955', firmware: 'RUT9_R_00.07.06.1' })).toBe(
      'The template is for RUTX, not RUT955',
    );
    expect(templateMisfit(template, { model: 'RUTX11', firmware: 'RUTX_R_00.07.09' })).toMatch(
      /7\.8\.0 or earlier/,
    );
    expect(templateMisfit(template, { model: 'RUTX11', firmware: null })).toMatch(
      /unknown firmware/,
    );
  });
});

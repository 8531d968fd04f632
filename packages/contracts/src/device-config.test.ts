import { describe, expect, it } from 'vitest';
import {
  applyConfigRequests,
  type ConfigRequest,
  type DeviceConfig,
  isSecretOption,
  diffConfigResults,
  parseConfigPath,
  readConfig,
  rollbackRequests,
} from './device-config.ts';
import {
  CONFIG_SCHEMA,
  checkOptionValue,
  configsOfModel,
  templateProblems,
} from './device-config-schema.ts';
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

describe('Dynamic DNS and site blocking configurations', () => {
  const service = {
    '.type': 'service',
    enabled: '1',
    service_name: 'duckdns.org',
    domain: 'office-1.duckdns.org',
    username: 'ada',
    password: 'secret',
    ip_source: 'network',
    interface: 'wan',
    check_interval: '10',
  };

  it('are offered on the models and firmware that have them (has_ddns, has_webfilter)', () => {
    expect(configsOfModel('RUTX11')).toEqual(
      expect.arrayContaining(['system', 'wireless', 'ddns', 'webfilter']),
    );
    expect(configsOfModel('RUTX11', 'RUTX_R_00.07.06')).toContain('webfilter');
    // RUTX firmware 02.04 has DDNS but is no RutOS: no site blocking.
    expect(configsOfModel('RUTX11', 'RUTX_R_00.02.04')).toEqual(expect.arrayContaining(['ddns']));
    expect(configsOfModel('RUTX11', 'RUTX_R_00.02.04')).not.toContain('webfilter');
    expect(configsOfModel('RUT955', 'RUT9XX_R_00.06.09')).not.toContain('ddns');
    expect(configsOfModel('RUT955', 'RUT9_R_00.07.00')).toContain('ddns');
    expect(configsOfModel('RUT955', null)).not.toContain('ddns');
    // The agent's own models keep their one config.
    expect(configsOfModel('LINUX')).toEqual(['netfleet']);
    expect(configsOfModel('OPENWRT', 'OpenWrt_R_00.23.05')).toEqual(['netfleet']);
  });

  it('check domains by the spec §5 rule', () => {
    const spec = { kind: 'domain' } as const;
    expect(checkOptionValue(spec, 'a.example.com')).toBeNull();
    expect(checkOptionValue(spec, `${'a'.repeat(63)}.io`)).toBeNull();
    for (const bad of [
      'localhost',
      '-a.com',
      'a-.com',
      'a.c',
      'a.abcdefg',
      `${'a'.repeat(64)}.io`,
    ]) {
      expect(checkOptionValue(spec, bad)).toBe('Use a domain name such as example.com');
    }
  });

  it('create a DDNS service and refuse a bad domain at its option', () => {
    const base: DeviceConfig = { ddns: {}, webfilter: {} };
    const created = applyConfigRequests(base, [request('post', '/ddns/office', service)], 'RUTX11');
    expect(created.ok).toBe(true);
    expect(created.store.ddns?.office).toEqual(service);
    const refused = applyConfigRequests(
      created.store,
      [request('put', '/ddns/office', { domain: 'office_1.example' })],
      'RUTX11',
    );
    expect(refused.ok).toBe(false);
    expect(refused.results[0]?.message).toBe('domain: Use a domain name such as example.com');
    expect(
      applyConfigRequests(
        base,
        [request('post', '/ddns/x', { ...service, service_name: 'x' })],
        'RUTX11',
      ).results[0]?.message,
    ).toMatch(/^service_name: Use one of: dyndns.org/);
  });

  it('keep a site blocking list of domains, each checked', () => {
    const spec = CONFIG_SCHEMA.webfilter?.webfilter?.domain;
    expect(spec).toBeDefined();
    if (!spec) return;
    expect(checkOptionValue(spec, ['example.com', 'ads.example.net'])).toBeNull();
    expect(checkOptionValue(spec, ['example.com', 'bad domain'])).toBe(
      'Use a domain name such as example.com',
    );
    expect(
      checkOptionValue(
        spec,
        Array.from({ length: 65 }, (_, i) => `s${i}.com`),
      ),
    ).toBe('At most 64 entries');
    expect(
      templateProblems(
        [request('put', '/webfilter/general', { enabled: '1', mode: 'allow', domain: ['a.com'] })],
        'RUTX11',
      ),
    ).toEqual([
      { source: 'template.0.request_data.mode', message: 'Use one of: whitelist, blacklist' },
    ]);
  });

  it('are refused for a device whose firmware has none', () => {
    const requests = [request('post', '/ddns/office', service)];
    expect(templateProblems(requests, 'RUT955', 'RUT9_R_00.07.06')).toEqual([]);
    expect(templateProblems(requests, 'RUT955', 'RUT9XX_R_00.06.09')).toEqual([
      {
        source: 'template.0.path',
        message: 'The ddns configuration is not on RUT955 with RUT9XX_R_00.06.09',
      },
    ]);
    expect(templateProblems(requests, 'RUT955', null)[0]?.message).toBe(
      'The ddns configuration is not on RUT955 with an unknown firmware',
    );
  });
});

describe('isSecretOption', () => {
  it('names the options holding a key, a password or a token, not the others', () => {
    for (const option of ['key', 'password', 'token', 'psk', 'secret']) {
      expect(isSecretOption(option), option).toBe(true);
    }
    for (const option of ['hostname', 'ssid', 'username', 'domain', 'enabled']) {
      expect(isSecretOption(option), option).toBe(false);
    }
  });
});

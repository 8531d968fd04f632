import { describe, expect, it } from 'vitest';
import { client, hubSpec } from './hub-spec.fixtures';
import {
  hubFilePaths,
  renderClientConfigDir,
  renderClientProfile,
  renderServerConfig,
} from './openvpn-config';

const paths = hubFilePaths('/var/lib/netfleet/vpn/hubs/7');
const directives = (text: string) =>
  text.split('\n').filter((line) => line && !line.startsWith('#'));

describe('OpenVPN server configuration', () => {
  it('renders a tun hub with its files, pushed options and management socket', () => {
    const lines = directives(renderServerConfig(hubSpec(), paths));
    expect(lines).toEqual(
      expect.arrayContaining([
        'port 1194',
        'proto udp',
        'multihome',
        'dev nfh7',
        'dev-type tun',
        'topology subnet',
        'server 10.8.0.0 255.255.255.0',
        'ca "/var/lib/netfleet/vpn/hubs/7/ca.pem"',
        'crl-verify "/var/lib/netfleet/vpn/hubs/7/crl.pem"',
        'tls-crypt "/var/lib/netfleet/vpn/hubs/7/tls-crypt.key"',
        'dh none',
        'client-config-dir "/var/lib/netfleet/vpn/hubs/7/ccd"',
        'ccd-exclusive',
        'push "dhcp-option DNS 10.8.0.1"',
        'keepalive 10 60',
        'explicit-exit-notify 1',
        'management "/var/lib/netfleet/vpn/hubs/7/mgmt.sock" unix',
        'persist-key',
        'persist-tun',
        'verb 3',
      ]),
    );
    expect(lines).not.toContain('client-to-client');
    // LAN routes are kernel routes the supervisor keeps, and pushed routes are in the clients'
    // files: adding a LAN needs no restart.
    expect(lines.filter((line) => /^route |^push "route /.test(line))).toEqual([]);
  });

  it('renders a TCP tap hub without tun-only and UDP-only options', () => {
    const lines = directives(renderServerConfig(hubSpec({ type: 'tap', protocol: 'tcp' }), paths));
    expect(lines).toContain('dev-type tap');
    expect(lines).toContain('proto tcp-server');
    expect(lines).not.toContain('topology subnet');
    expect(lines).not.toContain('explicit-exit-notify 1');
    expect(lines).not.toContain('multihome');
  });

  it('leaves the hub’s name out, so a rename changes nothing the server reads', () => {
    const before = renderServerConfig(hubSpec(), paths);
    expect(before).not.toContain('Branches');
    expect(before).toMatch(/^# netfleet VPN hub 7;/);
    expect(renderServerConfig(hubSpec({ name: 'Renamed\nup /bin/sh' }), paths)).toBe(before);
  });

  it('refuses values that would add a directive', () => {
    const dns = (ip: string) => hubSpec({ dhcpOptions: [{ type: 'DNS', ip }] });
    expect(() => renderServerConfig(dns('10.0.0.1\nscript-security 2'), paths)).toThrow();
    expect(() => renderServerConfig(dns('10.0.0.1,redirect-gateway'), paths)).toThrow();
    expect(() => renderServerConfig(dns('10.0.0.1"'), paths)).toThrow();
    expect(() => renderServerConfig(hubSpec(), hubFilePaths('/tmp/a"\nb'))).toThrow();
  });
});

describe('client-config-dir files', () => {
  const hub = { type: 'tun' as const, subnet: { network: '10.8.0.0', netmask: '255.255.255.0' } };
  const lan = { network: '192.168.1.0', netmask: '255.255.255.0' };

  it('pushes the address and routes, and routes the LANs behind the client', () => {
    const other = { network: '192.168.2.0', netmask: '255.255.255.0' };
    const device = client('device-1', { lans: [lan] });
    const text = renderClientConfigDir(device, hub, '10.8.0.10', [other]);
    expect(directives(text)).toEqual([
      'ifconfig-push 10.8.0.10 255.255.255.0',
      'iroute 192.168.1.0 255.255.255.0',
      'push "route 192.168.2.0 255.255.255.0"',
    ]);
  });

  it('refuses a pushed route that would add a directive', () => {
    for (const network of ['10.0.0.0\nscript-security 2', '10.0.0.0,redirect-gateway', '10.0"']) {
      const routes = [{ network, netmask: '255.0.0.0' }];
      expect(() => renderClientConfigDir(client('a'), hub, '10.8.0.2', routes)).toThrow();
    }
  });

  it('disables a disabled client, and one without an address', () => {
    expect(
      directives(renderClientConfigDir(client('a', { enabled: false }), hub, '10.8.0.2', [])),
    ).toContain('disable');
    expect(directives(renderClientConfigDir(client('a'), hub, null, []))).toEqual(['disable']);
  });

  it('leaves iroute out on a tap hub (it learns MAC addresses)', () => {
    const text = renderClientConfigDir(
      client('d', { lans: [lan] }),
      { ...hub, type: 'tap' },
      '10.8.0.3',
      [],
    );
    expect(directives(text)).toEqual(['ifconfig-push 10.8.0.3 255.255.255.0']);
  });
});

describe('client profile', () => {
  const spec = hubSpec();
  const key = { cert: spec.ca.cert, key: spec.ca.key };

  it('is a complete inline profile', () => {
    const text = renderClientProfile({ host: 'vpn.example.com', hub: spec, client: key });
    const lines = directives(text);
    expect(lines.slice(0, 5)).toEqual([
      'client',
      'dev tun',
      'proto udp',
      'remote vpn.example.com 1194',
      'resolv-retry infinite',
    ]);
    expect(lines).toEqual(expect.arrayContaining(['nobind', 'remote-cert-tls server']));
    for (const tag of ['ca', 'cert', 'key', 'tls-crypt']) {
      expect(text).toMatch(new RegExp(`<${tag}>\\n-----BEGIN [^\\n]+\\n[\\s\\S]*?\\n</${tag}>`));
    }
  });

  it('cuts a long hub name to what OpenVPN reads in one line, in bytes, at a character', () => {
    const hub = { ...spec, name: `${'é'.repeat(200)}€` };
    const [first = ''] = renderClientProfile({ host: 'vpn.example.com', hub, client: key }).split(
      '\n',
    );
    expect(Buffer.byteLength(first)).toBe(253);
    expect(first).toBe(`# netfleet VPN hub ${'é'.repeat(117)}`);
  });

  it('refuses a host or key that would add a directive or close a block', () => {
    expect(() =>
      renderClientProfile({ host: 'a.example 1 udp\nup x', hub: spec, client: key }),
    ).toThrow();
    expect(() =>
      renderClientProfile({
        host: 'a',
        hub: spec,
        client: { ...key, key: '</key>\nup /x\n<key>' },
      }),
    ).toThrow();
  });
});

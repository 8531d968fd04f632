import { describe, expect, it } from 'vitest';
import { assignAddresses, cidr, contains, prefixLength } from './hub-addresses';
import { lanRoutes, planApply, renderHubFiles } from './hub-files';
import { client, hubSpec } from './hub-spec.fixtures';
import { hubFilePaths } from './openvpn-config';

const paths = hubFilePaths('/data/vpn/hubs/7');
const render = (more: Parameters<typeof hubSpec>[0] = {}) => renderHubFiles(hubSpec(more), paths);

describe('hub addresses', () => {
  it('keeps fixed addresses and gives the others addresses from the top of the subnet', () => {
    const subnet = { network: '10.8.0.0', netmask: '255.255.255.248' };
    const clients = [client('a'), client('b', { ip: '10.8.0.6' }), client('c'), client('d')];
    expect(Object.fromEntries(assignAddresses(subnet, clients))).toEqual({
      b: '10.8.0.6',
      a: '10.8.0.5',
      c: '10.8.0.4',
      d: '10.8.0.3',
    });
    // .1 is the hub's: a fifth dynamic client does not fit.
    const full = assignAddresses(subnet, [...clients, client('e'), client('f')]);
    expect(full.get('e')).toBe('10.8.0.2');
    expect(full.has('f')).toBe(false);
  });

  it('converts masks', () => {
    expect(prefixLength('255.255.252.0')).toBe(22);
    expect(cidr({ network: '192.168.1.0', netmask: '255.255.255.0' })).toBe('192.168.1.0/24');
  });

  it('tells whether a subnet lies within another', () => {
    const net = (network: string, netmask: string) => ({ network, netmask });
    const lan = net('192.168.0.0', '255.255.0.0');
    expect(contains(lan, lan)).toBe(true);
    expect(contains(lan, net('192.168.7.0', '255.255.255.0'))).toBe(true);
    expect(contains(lan, net('192.169.0.0', '255.255.255.0'))).toBe(false);
    expect(contains(net('192.168.7.0', '255.255.255.0'), lan)).toBe(false);
  });
});

describe('applying a hub spec', () => {
  it('starts a hub that has no files yet', () => {
    expect(planApply(null, render())).toEqual({ restart: true, disconnect: [] });
  });

  it('restarts for server-level changes', () => {
    const before = render();
    for (const change of [
      { port: 1195 },
      { protocol: 'tcp' as const },
      { type: 'tap' as const },
      { subnet: { network: '10.9.0.0', netmask: '255.255.255.0' } },
      { dhcpOptions: [] },
      { tlsCryptKey: 'another key' },
      { server: { cert: 'another cert', key: 'another key' } },
    ]) {
      expect(planApply(before, render(change)).restart, JSON.stringify(change)).toBe(true);
    }
  });

  it('does not restart for a rename', () => {
    expect(planApply(render(), render({ name: 'Renamed hub' }))).toEqual({
      restart: false,
      disconnect: [],
    });
  });

  it('does not restart for client changes or a new CRL, and disconnects whom they concern', () => {
    const before = render();
    const spec = hubSpec();
    const [device1, device2, user3] = spec.clients;
    if (!device1 || !device2 || !user3) throw new Error('fixture changed');
    const same = (changes: Parameters<typeof hubSpec>[0]) => planApply(before, render(changes));

    expect(same({ crl: 'a new CRL' })).toEqual({ restart: false, disconnect: [] });
    expect(same({ clients: [...spec.clients, client('user-4')] })).toEqual({
      restart: false,
      disconnect: [],
    });
    expect(same({ clients: [device1, device2] })).toEqual({
      restart: false,
      disconnect: ['user-3'],
    });
    expect(same({ clients: [device1, device2, { ...user3, enabled: false }] })).toEqual({
      restart: false,
      disconnect: ['user-3'],
    });
    const lan = { network: '192.168.9.0', netmask: '255.255.255.0' };
    expect(same({ clients: [{ ...device1, lans: [lan] }, device2, user3] })).toEqual({
      restart: false,
      disconnect: ['device-1'],
    });
    // A fixed address taken from a dynamic client moves that client (it reconnects elsewhere).
    expect(same({ clients: [device1, device2, { ...user3, ip: '10.8.0.254' }] })).toEqual({
      restart: false,
      disconnect: ['device-2', 'user-3'],
    });
  });

  it('pushes each client the routes to the other clients’ LANs, not to its own', () => {
    const pushed = (ccd: string | undefined) =>
      (ccd ?? '').split('\n').filter((line) => line.startsWith('push '));
    const files = render();
    expect(pushed(files.ccd['device-1'])).toEqual(['push "route 192.168.2.0 255.255.255.0"']);
    expect(pushed(files.ccd['device-2'])).toEqual(['push "route 192.168.1.0 255.255.255.0"']);
    expect(pushed(files.ccd['user-3'])).toEqual([
      'push "route 192.168.1.0 255.255.255.0"',
      'push "route 192.168.2.0 255.255.255.0"',
    ]);
  });

  it('adds and removes routes without a restart, reconnecting the clients that need it', () => {
    const before = render();
    const spec = hubSpec();
    const [device1, device2, user3] = spec.clients;
    if (!device1 || !device2 || !user3) throw new Error('fixture changed');
    const lan = { network: '192.168.9.0', netmask: '255.255.255.0' };
    const added = {
      clients: [device1, { ...device2, lans: [...device2.lans, lan] }, user3],
      pushRoutes: [...spec.pushRoutes, lan],
    };
    // The owner for its iroute, the others for the route pushed to them.
    expect(planApply(before, render(added))).toEqual({
      restart: false,
      disconnect: ['device-1', 'device-2', 'user-3'],
    });
    // A route that went away ends only its owner's session: the others' leads into the tunnel,
    // where the hub no longer routes it.
    expect(planApply(render(added), before)).toEqual({ restart: false, disconnect: ['device-2'] });
  });

  it('renders one client file per client and LAN routes for enabled ones', () => {
    const files = render();
    expect(Object.keys(files.ccd)).toEqual(['device-1', 'device-2', 'user-3']);
    expect(files.ccd['device-2']).toContain('ifconfig-push 10.8.0.254 255.255.255.0');
    const spec = hubSpec();
    const disabled = spec.clients.map((c) =>
      c.commonName === 'device-2' ? { ...c, enabled: false } : c,
    );
    expect(lanRoutes({ ...spec, clients: disabled })).toEqual([
      { lan: { network: '192.168.1.0', netmask: '255.255.255.0' }, via: '10.8.0.10' },
    ]);
  });

  it('refuses a common name that is not a plain file name', () => {
    for (const commonName of ['../server.conf', '.hidden', 'a b', 'a/b', '']) {
      expect(() => render({ clients: [client(commonName)] }), commonName).toThrow();
    }
  });
});

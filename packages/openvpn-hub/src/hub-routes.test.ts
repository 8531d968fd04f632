import { describe, expect, it } from 'vitest';
import { createRouteTable, type IpCommand } from './hub-routes';

const lan = (network: string) => ({ network, netmask: '255.255.255.0' });

const fakeIp = (failing: RegExp | null = null) => {
  const calls: string[] = [];
  const ip: IpCommand = async (args) => {
    const line = args.join(' ');
    calls.push(line);
    return {
      error: failing?.test(line) ? 'RTNETLINK answers: Network is unreachable' : null,
      stdout: '',
    };
  };
  return { ip, calls };
};

describe('hub LAN routes', () => {
  it('adds what is new, removes what went, leaves the rest', async () => {
    const { ip, calls } = fakeIp();
    const table = createRouteTable(ip, 'nfh7');
    const a = { lan: lan('192.168.1.0'), via: '10.8.0.10' };
    const b = { lan: lan('192.168.2.0'), via: '10.8.0.254' };
    expect(await table.sync([a, b], 'tun')).toEqual([]);
    expect(await table.sync([b], 'tun')).toEqual([]);
    expect(calls).toEqual([
      'route replace 192.168.1.0/24 dev nfh7',
      'route replace 192.168.2.0/24 dev nfh7',
      'route del 192.168.1.0/24 dev nfh7',
    ]);
  });

  it('routes through the client on a tap hub, and installs all again after a restart', async () => {
    const { ip, calls } = fakeIp();
    const table = createRouteTable(ip, 'nfh8');
    const routes = [{ lan: lan('192.168.3.0'), via: '10.8.0.3' }];
    await table.sync(routes, 'tap');
    table.forget();
    await table.sync(routes, 'tap');
    expect(calls).toEqual([
      'route replace 192.168.3.0/24 via 10.8.0.3 dev nfh8',
      'route replace 192.168.3.0/24 via 10.8.0.3 dev nfh8',
    ]);
  });

  it('reports a route the kernel refused and tries it again next time', async () => {
    const { ip, calls } = fakeIp(/192\.168\.4\.0/);
    const table = createRouteTable(ip, 'nfh9');
    const routes = [{ lan: lan('192.168.4.0'), via: '10.8.0.4' }];
    expect(await table.sync(routes, 'tun')).toEqual([
      'route 192.168.4.0/24 dev nfh9: RTNETLINK answers: Network is unreachable',
    ]);
    await table.sync(routes, 'tun');
    expect(calls).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import {
  clearHubRouting,
  createHubRouting,
  deviceSettings,
  hubsWithRules,
  type IpCommand,
} from './hub-routes';

const lan = (network: string) => ({ network, netmask: '255.255.255.0' });
const subnet = { network: '10.8.0.0', netmask: '255.255.255.0' };

/** What `ip` answers to a command line: its error, or null. */
type Answer = (line: string) => string | null;

const fakeIp = (answer: Answer = () => null, stdout = '') => {
  const calls: string[] = [];
  const ip: IpCommand = async (args) => {
    const line = args.join(' ');
    calls.push(line);
    return { error: answer(line), stdout };
  };
  return { ip, calls };
};

/** `rule del` finds `count` rules, then no more; `other` answers the rest. */
const withRules =
  (count: number, other: Answer = () => null): Answer =>
  (line) => {
    if (!line.includes('rule del')) return other(line);
    count -= 1;
    return count >= 0 ? null : 'RTNETLINK answers: No such file or directory';
  };

describe('hub routing', () => {
  it('sets a started hub up in its own table: blackhole, subnet, LANs, then the rules', async () => {
    const { ip, calls } = fakeIp(withRules(0));
    const routing = createHubRouting(ip, 7);
    const routes = [{ lan: lan('192.168.1.0'), via: '10.8.0.10' }];
    expect(await routing.install(subnet, routes)).toEqual([]);
    expect(calls).toEqual([
      '-4 rule del table 1000007',
      '-4 route flush table 1000007',
      '-4 route replace blackhole default table 1000007',
      '-4 route replace 10.8.0.0/24 dev nfh7 table 1000007',
      '-4 route replace 192.168.1.0/24 via 10.8.0.10 dev nfh7 table 1000007',
      '-4 rule add priority 10000 iif nfh7 table 1000007',
      '-4 rule add priority 10001 from 10.8.0.0/24 table 1000007',
    ]);
  });

  it('changes LAN routes in place: adds what is new, removes what went, leaves the rest', async () => {
    const { ip, calls } = fakeIp(withRules(0));
    const routing = createHubRouting(ip, 7);
    const a = { lan: lan('192.168.1.0'), via: '10.8.0.10' };
    const b = { lan: lan('192.168.2.0'), via: '10.8.0.254' };
    await routing.install(subnet, [a]);
    calls.length = 0;
    expect(await routing.sync([a, b])).toEqual([]);
    expect(await routing.sync([b])).toEqual([]);
    expect(calls).toEqual([
      '-4 route replace 192.168.2.0/24 via 10.8.0.254 dev nfh7 table 1000007',
      '-4 route del 192.168.1.0/24 via 10.8.0.10 dev nfh7 table 1000007',
    ]);
  });

  it('routes through the client, and installs all again after a restart', async () => {
    const { ip, calls } = fakeIp(withRules(2));
    const routing = createHubRouting(ip, 8);
    const routes = [{ lan: lan('192.168.3.0'), via: '10.8.0.3' }];
    await routing.install(subnet, routes);
    routing.forget();
    await routing.sync(routes);
    expect(calls.filter((call) => call.includes('192.168.3.0'))).toEqual([
      '-4 route replace 192.168.3.0/24 via 10.8.0.3 dev nfh8 table 1000008',
      '-4 route replace 192.168.3.0/24 via 10.8.0.3 dev nfh8 table 1000008',
    ]);
  });

  it('reports a route the kernel refused and tries it again next time', async () => {
    const refused = 'RTNETLINK answers: Network is unreachable';
    const { ip, calls } = fakeIp(
      withRules(0, (line) => (line.includes('192.168.4.0') ? refused : null)),
    );
    const routing = createHubRouting(ip, 9);
    const routes = [{ lan: lan('192.168.4.0'), via: '10.8.0.4' }];
    expect(await routing.install(subnet, routes)).toEqual([
      `route 192.168.4.0/24 via 10.8.0.4 dev nfh9 table 1000009: ${refused}`,
    ]);
    await routing.sync(routes);
    expect(calls.filter((call) => call.includes('192.168.4.0'))).toHaveLength(2);
  });

  it('adds no rule into a table it could not fill, and says why', async () => {
    const { ip, calls } = fakeIp(
      withRules(0, (line) =>
        line.includes('blackhole') ? 'Error: argument "blackhole" is wrong' : null,
      ),
    );
    expect(await createHubRouting(ip, 7).install(subnet, [])).toEqual([
      'route blackhole default table 1000007: Error: argument "blackhole" is wrong',
    ]);
    expect(calls.filter((call) => call.includes('rule add'))).toEqual([]);
  });

  it('clears every rule into the table, then the table', async () => {
    const { ip, calls } = fakeIp(
      withRules(3, () => 'Error: ipv4: FIB table does not exist.\nFlush terminated'),
    );
    expect(await clearHubRouting(ip, 7)).toEqual([]);
    expect(calls).toEqual([
      ...Array<string>(4).fill('-4 rule del table 1000007'),
      '-4 route flush table 1000007',
    ]);
  });

  it('keeps the table while a rule into it is left: it would fall through to main', async () => {
    const { ip, calls } = fakeIp(() => 'RTNETLINK answers: Operation not permitted');
    expect(await clearHubRouting(ip, 7)).toEqual([
      'rule del table 1000007: RTNETLINK answers: Operation not permitted',
    ]);
    expect(calls).toEqual(['-4 rule del table 1000007']);
  });

  it('finds the hubs that have rules, among those asked about', async () => {
    const rules = [
      '0:\tfrom all lookup local',
      '100:\tfrom all lookup 1000007',
      '10000:\tfrom all iif nfh7 [detached] lookup 1000007',
      '10001:\tfrom 10.8.0.0/24 lookup 1000007',
      '10000:\tfrom all iif nfh8 lookup 1000008',
      '10000:\tfrom all iif nfh9 lookup 1000009',
      '32766:\tfrom all lookup main',
      '',
    ].join('\n');
    const { ip } = fakeIp(() => null, rules);
    expect(await hubsWithRules(ip, new Set([7, 9, 10]))).toEqual({ error: null, hubIds: [7, 9] });
  });

  it('reads forwarding and the rp_filter the kernel applies', async () => {
    const netconf = (all: string, device: string) =>
      fakeIp(
        () => null,
        [
          `inet lo forwarding on rp_filter off mc_forwarding off`,
          `inet nfh7 forwarding on rp_filter ${device} mc_forwarding off`,
          `inet all forwarding on rp_filter ${all} mc_forwarding off`,
          `inet default forwarding on rp_filter loose mc_forwarding off`,
        ].join('\n'),
      ).ip;
    expect(await deviceSettings(netconf('off', 'strict'), 'nfh7')).toEqual({
      forwarding: true,
      rpFilter: 'strict',
    });
    expect((await deviceSettings(netconf('loose', 'strict'), 'nfh7')).rpFilter).toBe('loose');
    expect((await deviceSettings(netconf('off', 'off'), 'nfh7')).rpFilter).toBe('off');
    expect((await deviceSettings(netconf('off', 'off'), 'nfh70')).forwarding).toBe(false);
  });
});

// Two hubs of different tenants in one hub namespace, each with a device routing the same LAN
// (192.168.1.0/24, every router's default) and a laptop: each hub routes in its own table, so each
// laptop reaches its own hub's LAN and nothing of the other hub. Routes change without a restart.
// The hub namespace checks reverse paths strictly (rp_filter 1), as some distributions do.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHubSupervisor,
  type HubRuntime,
  type HubSession,
  type HubSpec,
  hubTable,
  RULE_PRIORITY,
} from '@netfleet/openvpn-hub';
import { createHubKeys, hubSpec, readHubLog, subnet, testLog, writeProfile } from './hub-fixture';
import {
  type Background,
  createStar,
  ip,
  netnsUnavailable,
  ping,
  run,
  spawnIn,
  type Star,
  until,
} from './netns';

const unavailable = await netnsUnavailable();
if (unavailable) console.log(`VPN hub isolation tier skipped: ${unavailable}`);

const PREFIX = `nfi${process.pid % 1000}`;
const LAN = subnet('192.168.1.0/24');
/** Both devices' LANs are 192.168.1.0/24, with a different host in each to tell them apart. */
const HUBS = [
  { id: 61, port: 1194, net: '10.61.0', lanHost: '192.168.1.1' },
  { id: 62, port: 1195, net: '10.62.0', lanHost: '192.168.1.2' },
] as const;
const [ONE, TWO] = HUBS;
const NEW_LAN = subnet('192.168.5.0/24');
const NEW_LAN_HOST = '192.168.5.1';

/** One quick echo: isolation is proven by silence, and each silent ping costs its wait. */
const reaches = (ns: string, target: string, from?: string) =>
  ping(ns, target, { count: 1, waitSeconds: 1, ...(from ? { from } : {}) });

const since = (sessions: HubSession[]) =>
  Object.fromEntries(sessions.map((s) => [s.commonName, s.connectedSince.getTime()]));

describe.skipIf(unavailable)('VPN hubs of different tenants routing the same LAN', () => {
  let star: Star;
  let runtime: HubRuntime;
  let dir = '';
  const specs = new Map<number, HubSpec>();
  const clients: Background[] = [];

  const ns = (name: string) => star.spokes[name]?.ns ?? '';
  const logs = () => HUBS.map((hub) => readHubLog(join(dir, 'data'), hub.id)).join('\n');
  const inHub = (...args: string[]) => run(star.hub, 'ip', args);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nf-vpn-iso-'));
    star = await createStar(PREFIX, [
      { name: 'dev1', lan: `${ONE.lanHost}/24` },
      { name: 'laptop1' },
      { name: 'dev2', lan: `${TWO.lanHost}/24` },
      { name: 'laptop2' },
    ]);
    const strict = await run(star.hub, 'sysctl', ['-w', 'net.ipv4.conf.all.rp_filter=1']);
    expect(strict.code, strict.stderr).toBe(0);
    runtime = createHubSupervisor({ dataDir: join(dir, 'data'), netns: star.hub, log: testLog });
    for (const [index, hub] of HUBS.entries()) {
      const hubKeys = await createHubKeys(hub.id);
      const spec = await hubSpec(hubKeys, {
        id: hub.id,
        port: hub.port,
        subnet: subnet(`${hub.net}.0/24`),
        clients: [
          { commonName: 'device', ip: `${hub.net}.10`, lans: [LAN], enabled: true },
          { commonName: 'laptop', ip: null, lans: [], enabled: true },
        ],
        pushRoutes: [LAN],
      });
      specs.set(hub.id, spec);
      expect(await runtime.apply(spec), logs()).toMatchObject({ state: 'running' });
      for (const [name, cn] of [
        [`dev${index + 1}`, 'device'],
        [`laptop${index + 1}`, 'laptop'],
      ] as const) {
        const profile = await writeProfile(join(dir, name), hubKeys, spec, cn, star.hubAddress);
        clients.push(spawnIn(ns(name), 'openvpn', ['--config', profile]));
      }
    }
    await Promise.all(
      clients.map((client) => client.waitFor(/Initialization Sequence Completed/, 20_000)),
    );
    for (const hub of HUBS) {
      await until(
        `two sessions on hub ${hub.id}`,
        async () => ((await runtime.sessions(hub.id)).length === 2 ? true : null),
        10_000,
      );
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.stop()));
    await runtime?.close();
    await star?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('routes each hub’s LAN in its own table, none in the host’s', async () => {
    for (const hub of HUBS) {
      const table = (await inHub('-4', 'route', 'show', 'table', String(hubTable(hub.id)))).stdout;
      expect(table).toContain(`192.168.1.0/24 via ${hub.net}.10 dev nfh${hub.id}`);
      expect(table).toContain('blackhole default');
    }
    expect((await inHub('-4', 'route', 'show', 'table', 'main')).stdout).not.toContain(
      '192.168.1.0',
    );
  });

  it('lets each laptop reach its own hub’s LAN and not the other hub’s', async () => {
    expect(await reaches(ns('laptop1'), ONE.lanHost)).toBe(true);
    expect(await reaches(ns('laptop2'), TWO.lanHost)).toBe(true);
    // The same prefix leads to the laptop's own hub's device, where the other host is not.
    expect(await reaches(ns('laptop1'), TWO.lanHost)).toBe(false);
    expect(await reaches(ns('laptop2'), ONE.lanHost)).toBe(false);
  });

  it('answers each LAN host from its own hub, and each device reaches its hub', async () => {
    expect(await reaches(ns('dev1'), `${ONE.net}.1`, ONE.lanHost)).toBe(true);
    expect(await reaches(ns('dev2'), `${TWO.net}.1`, TWO.lanHost)).toBe(true);
    expect(await reaches(ns('dev1'), `${ONE.net}.1`)).toBe(true);
  });

  it('keeps a client of one hub from the other hub’s clients', async () => {
    // As a client that routes the other hub's subnet into its tunnel, both ways, would.
    await ip('-n', ns('laptop1'), 'route', 'add', `${TWO.net}.0/24`, 'dev', 'tun0');
    await ip('-n', ns('laptop2'), 'route', 'add', `${ONE.net}.0/24`, 'dev', 'tun0');
    // Through its own hub, one client reaches another (the kernel routes between them).
    expect(await reaches(ns('laptop1'), `${ONE.net}.10`)).toBe(true);
    expect(await reaches(ns('laptop1'), `${TWO.net}.10`)).toBe(false);
    expect(await reaches(ns('laptop1'), `${TWO.net}.254`)).toBe(false);
    expect(await reaches(ns('laptop2'), `${ONE.net}.254`)).toBe(false);
    // Nor does the hub route it by the host's own routes (to another spoke's link here): the
    // hub's table ends in a blackhole, which the kernel does not forward to (EINVAL).
    const routeGet = (to: string) =>
      inHub('-4', 'route', 'get', to, 'from', `${ONE.net}.254`, 'iif', `nfh${ONE.id}`);
    expect((await routeGet(ONE.lanHost)).stdout).toContain(
      `dev nfh${ONE.id} table ${hubTable(ONE.id)}`,
    );
    expect((await routeGet(star.spokes.laptop2?.address ?? '')).stderr).toMatch(/Invalid argument/);
  });

  it('adds and removes a route on a running hub without restarting it', async () => {
    const startedAt = runtime.status(ONE.id).startedAt;
    const otherHub = since(await runtime.sessions(TWO.id));
    await ip('-n', ns('dev1'), 'link', 'add', 'lan1', 'type', 'bridge');
    await ip('-n', ns('dev1'), 'addr', 'add', `${NEW_LAN_HOST}/24`, 'dev', 'lan1');
    await ip('-n', ns('dev1'), 'link', 'set', 'lan1', 'up');
    const before = specs.get(ONE.id);
    const [device, laptop] = before?.clients ?? [];
    if (!before || !device || !laptop) throw new Error('hub spec changed');
    const added: HubSpec = {
      ...before,
      clients: [{ ...device, lans: [LAN, NEW_LAN] }, laptop],
      pushRoutes: [LAN, NEW_LAN],
    };
    expect(await runtime.apply(added)).toMatchObject({ state: 'running', startedAt });
    // The device reconnects for its iroute, the laptop for the route pushed to it.
    await until(
      'the laptop to reach the new LAN',
      async () => ((await reaches(ns('laptop1'), NEW_LAN_HOST)) ? true : null),
      20_000,
      logs,
    );
    expect(await reaches(ns('laptop1'), ONE.lanHost)).toBe(true);

    // Taking it out ends the device's session only: the laptop's stale route leads nowhere.
    await until(
      'both sessions back',
      async () => ((await runtime.sessions(ONE.id)).length === 2 ? true : null),
      10_000,
    );
    const sessions = since(await runtime.sessions(ONE.id));
    expect(await runtime.apply(before)).toMatchObject({ state: 'running', startedAt });
    await until(
      'the device to reconnect',
      async () => {
        const now = since(await runtime.sessions(ONE.id));
        return now.device && now.device !== sessions.device ? now : null;
      },
      20_000,
    );
    expect(since(await runtime.sessions(ONE.id)).laptop).toBe(sessions.laptop);
    expect(await reaches(ns('laptop1'), NEW_LAN_HOST)).toBe(false);
    await until(
      'the laptop to reach the LAN again',
      async () => ((await reaches(ns('laptop1'), ONE.lanHost)) ? true : null),
      10_000,
    );
    // The other hub was never touched.
    expect(since(await runtime.sessions(TWO.id))).toEqual(otherHub);
  }, 60_000);

  it('takes a hub’s rules and table out when it stops; a restart clears what a run left', async () => {
    const rules = async () => (await inHub('-4', 'rule', 'show')).stdout;
    const table = async (hubId: number) =>
      (await inHub('-4', 'route', 'show', 'table', String(hubTable(hubId)))).stdout;
    await runtime.stop(TWO.id);
    expect(await rules()).not.toContain(`lookup ${hubTable(TWO.id)}`);
    expect(await table(TWO.id)).toBe('');
    expect(await rules()).toContain(`iif nfh${ONE.id} lookup ${hubTable(ONE.id)}`);
    await runtime.close();
    expect(await rules()).not.toContain(`lookup ${hubTable(ONE.id)}`);
    // As if netfleet had been killed while hub 62 ran: a new run on the same data clears it.
    const table62 = ['table', String(hubTable(TWO.id))];
    await ip('-n', star.hub, 'route', 'add', 'blackhole', 'default', ...table62);
    await ip(
      '-n',
      star.hub,
      'rule',
      'add',
      'priority',
      String(RULE_PRIORITY.device),
      'iif',
      `nfh${TWO.id}`,
      ...table62,
    );
    const next = createHubSupervisor({ dataDir: join(dir, 'data'), netns: star.hub, log: testLog });
    await next.stop(TWO.id);
    expect(await rules()).not.toContain(`lookup ${hubTable(TWO.id)}`);
    expect(await table(TWO.id)).toBe('');
    await next.close();
  });
});

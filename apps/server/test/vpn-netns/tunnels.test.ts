// Issue 19: real tunnels through a netfleet-supervised hub, proven with real packets. A hub
// namespace runs the hub (the supervisor's `netns` option); two device namespaces, each with a LAN
// behind it, and a quick-connect laptop run stock OpenVPN clients with netfleet's own profiles.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHubSupervisor,
  type HubEvent,
  type HubRuntime,
  type HubSession,
  type HubSpec,
} from '@netfleet/openvpn-hub';
import {
  clientCert,
  createHubKeys,
  type HubKeys,
  hubSpec,
  pki,
  readHubLog,
  subnet,
  testLog,
  writeProfile,
} from './hub-fixture';
import {
  type Background,
  createStar,
  netnsUnavailable,
  ping,
  spawnIn,
  type Star,
  until,
} from './netns';

const unavailable = await netnsUnavailable();
if (unavailable) console.log(`VPN tunnel tier skipped: ${unavailable}`);

const PREFIX = `nfv${process.pid % 1000}`;
const HUB_ID = 19;
const LAN_A = '192.168.71.1';
const LAN_B = '192.168.72.1';

describe.skipIf(unavailable)('VPN hub tunnels in network namespaces', () => {
  let star: Star;
  let runtime: HubRuntime;
  let keys: HubKeys;
  let spec: HubSpec;
  let dir = '';
  const clients = new Map<string, Background>();
  const events: HubEvent[] = [];

  const hubLog = () => readHubLog(join(dir, 'data'), HUB_ID);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nf-vpn-'));
    star = await createStar(PREFIX, [
      { name: 'deva', lan: `${LAN_A}/24` },
      { name: 'devb', lan: `${LAN_B}/24` },
      { name: 'laptop' },
    ]);
    runtime = createHubSupervisor({
      dataDir: join(dir, 'data'),
      netns: star.hub,
      log: testLog,
      pollMs: 300,
    });
    runtime.onEvent((event) => events.push(event));
    keys = await createHubKeys(HUB_ID);
    for (const name of ['deva', 'devb', 'laptop']) await clientCert(keys, name);
    spec = await hubSpec(keys, {
      id: HUB_ID,
      port: 1194,
      subnet: subnet('10.99.0.0/24'),
      clients: [
        { commonName: 'deva', ip: '10.99.0.10', lans: [subnet('192.168.71.0/24')], enabled: true },
        { commonName: 'devb', ip: null, lans: [subnet('192.168.72.0/24')], enabled: true },
        { commonName: 'laptop', ip: null, lans: [], enabled: true },
      ],
      pushRoutes: [subnet('192.168.71.0/24'), subnet('192.168.72.0/24')],
    });
    const status = await runtime.apply(spec);
    expect(status, hubLog()).toMatchObject({ state: 'running', error: null });

    for (const name of ['deva', 'devb', 'laptop']) {
      const ns = star.spokes[name]?.ns ?? '';
      const profile = await writeProfile(join(dir, 'profiles'), keys, spec, name, star.hubAddress);
      clients.set(name, spawnIn(ns, 'openvpn', ['--config', profile]));
    }
    await Promise.all(
      [...clients.values()].map((client) =>
        client.waitFor(/Initialization Sequence Completed/, 20_000),
      ),
    );
    await until(
      'three sessions on the hub',
      async () => ((await runtime.sessions(HUB_ID)).length === 3 ? true : null),
      10_000,
    );
  }, 60_000);

  afterAll(async () => {
    await Promise.all([...clients.values()].map((client) => client.stop()));
    await runtime?.close();
    await star?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('gives each client its address: fixed or from the hub', async () => {
    const sessions = await runtime.sessions(HUB_ID);
    const byName = Object.fromEntries(sessions.map((s) => [s.commonName, s.virtualAddress]));
    expect(byName).toEqual({ deva: '10.99.0.10', devb: '10.99.0.254', laptop: '10.99.0.253' });
    // Sessions are polled (every 300 ms here): the events follow within a poll.
    const connected = () =>
      events.flatMap((e) => (e.kind === 'connected' ? [e.session.commonName] : [])).sort();
    await until('connected events', async () => (connected().length === 3 ? true : null), 3000);
    expect(connected()).toEqual(['deva', 'devb', 'laptop']);
  });

  it('carries LAN A to LAN B through the hub over the pushed routes', async () => {
    const deva = star.spokes.deva?.ns ?? '';
    const devb = star.spokes.devb?.ns ?? '';
    expect(await ping(deva, LAN_B, { from: LAN_A })).toBe(true);
    expect(await ping(devb, LAN_A, { from: LAN_B })).toBe(true);
  });

  it('lets the quick-connect laptop reach both LANs', async () => {
    const laptop = star.spokes.laptop?.ns ?? '';
    expect(await ping(laptop, LAN_A)).toBe(true);
    expect(await ping(laptop, LAN_B)).toBe(true);
  });

  it('reports traffic per session', async () => {
    const sessions = await runtime.sessions(HUB_ID);
    for (const session of sessions) {
      expect(session.bytesReceived, session.commonName).toBeGreaterThan(0);
      expect(session.bytesSent, session.commonName).toBeGreaterThan(0);
      expect(session.realAddress).toMatch(/^172\.30\.\d\.2:\d+$/);
    }
  });

  it('refuses a revoked client: it cannot reconnect', async () => {
    const logBefore = hubLog().length;
    const laptop = star.spokes.laptop?.ns ?? '';
    const serial = (await clientCert(keys, 'laptop')).serial;
    // The client stays in the spec (its file too): the CRL alone must keep it out.
    spec = { ...spec, crl: await pki.crl(keys.ca, [{ serial, revokedAt: new Date() }]) };
    const status = await runtime.apply(spec);
    expect(status.state).toBe('running');
    await runtime.disconnect(HUB_ID, 'laptop');
    // The laptop's OpenVPN retries at once; the hub turns it away at certificate verification.
    await until(
      'the hub to refuse the revoked certificate',
      async () =>
        /VERIFY ERROR: depth=0, error=certificate revoked.*CN=laptop/.test(hubLog()) ? true : null,
      15_000,
      () => `hub log:\n${hubLog().slice(logBefore)}\nlaptop:\n${clients.get('laptop')?.output()}`,
    );
    // OpenVPN ends a killed client's instance 5 s after telling it to restart.
    const names = async () => (await runtime.sessions(HUB_ID)).map((s) => s.commonName).sort();
    await until(
      'the laptop session to end',
      async () => ((await names()).includes('laptop') ? null : true),
      10_000,
    );
    expect(await names()).toEqual(['deva', 'devb']);
    expect(await ping(laptop, LAN_A, { count: 1, waitSeconds: 1 })).toBe(false);
    // Nobody else was dropped, and the devices still reach each other.
    expect(await ping(star.spokes.deva?.ns ?? '', LAN_B, { from: LAN_A })).toBe(true);
    await until(
      'the disconnected event',
      async () =>
        events.some((e) => e.kind === 'disconnected' && e.session.commonName === 'laptop')
          ? true
          : null,
      5000,
    );
  });

  it('serves a tap hub over TCP beside it, leaving the first hub alone', async () => {
    const before = await runtime.sessions(HUB_ID);
    const tapKeys = await createHubKeys(HUB_ID + 1);
    const tap = await hubSpec(tapKeys, {
      id: HUB_ID + 1,
      type: 'tap',
      protocol: 'tcp',
      port: 443,
      subnet: subnet('10.98.0.0/24'),
      clients: [{ commonName: 'devb', ip: null, lans: [], enabled: true }],
    });
    expect(await runtime.apply(tap)).toMatchObject({ state: 'running' });
    const profile = await writeProfile(join(dir, 'tap'), tapKeys, tap, 'devb', star.hubAddress);
    const devb = star.spokes.devb?.ns ?? '';
    const client = spawnIn(devb, 'openvpn', ['--config', profile, '--dev', 'tap9']);
    clients.set('devb-tap', client);
    await client.waitFor(/Initialization Sequence Completed/, 20_000);
    expect(await ping(devb, '10.98.0.1')).toBe(true);
    expect(await runtime.sessions(HUB_ID + 1)).toMatchObject([
      { commonName: 'devb', virtualAddress: '10.98.0.254' },
    ]);
    const since = (sessions: HubSession[]) =>
      Object.fromEntries(sessions.map((s) => [s.commonName, s.connectedSince.getTime()]));
    expect(since(await runtime.sessions(HUB_ID))).toEqual(since(before));
  });
});

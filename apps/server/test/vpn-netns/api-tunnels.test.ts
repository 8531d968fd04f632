// Issue 19 end to end through netfleet's API: the app (embedded PGlite) runs its hubs with the
// real supervisor inside a hub namespace. A signed-in manager makes a hub, adds two devices and
// routes to their LANs, and makes a quick-connect profile; the devices' profiles are taken from
// the `vpn_join` jobs sent to them when they connect (a job row holds no key), the laptop's is downloaded through its link, and stock OpenVPN
// clients in their own namespaces connect with them. Real packets then cross the hub; the API
// shows the sessions and their bytes; revoking the laptop through the API keeps it out.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vpnJoinArgsSchema } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHubSupervisor } from '@netfleet/openvpn-hub';
import { buildTestApp, type TestApp } from '@test/app';
import { createFakeGateway, insertDevice } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { readHubLog } from './hub-fixture';
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
if (unavailable) console.log(`VPN API tunnel tier skipped: ${unavailable}`);

const PREFIX = `nfa${process.pid % 1000}`;
const LAN_A = '192.168.71.1';
const LAN_B = '192.168.72.1';

type Method = 'GET' | 'POST' | 'DELETE';
interface Session {
  name: string;
  vpn_hub_user_id: number | null;
  vpn_ip: string | null;
  connected_since: number;
  bytes_received: number;
  bytes_sent: number;
}
interface ConnectionLog {
  vpn_user_id: number | null;
  name: string;
  disconnected_at: string | null;
  bytes_received: number;
  bytes_sent: number;
}
interface Client {
  id: number;
  type: string;
  object_id: number | null;
  common_name: string;
}

describe.skipIf(unavailable)('VPN hubs through the API, tunnels in network namespaces', () => {
  let star: Star;
  let t: TestApp;
  const gateway = createFakeGateway();
  let manager: TestSession;
  let managerId = 0;
  let laptopLink = '';
  let dir = '';
  let hubId = 0;
  let devices: Record<'deva' | 'devb', Awaited<ReturnType<typeof insertDevice>>>;
  /** Hub user ids: the two devices' clients and the laptop's. */
  const clientIds: Record<'deva' | 'devb' | 'laptop', number> = { deva: 0, devb: 0, laptop: 0 };
  const profiles = new Map<string, string>();
  const openvpn = new Map<string, Background>();

  const dataDir = () => join(dir, 'data');
  const hubLog = () => readHubLog(dataDir(), hubId);
  const ns = (name: string) => star.spokes[name]?.ns ?? '';

  const call = async (method: Method, url: string, payload?: object) => {
    const response = await t.app.inject({
      method,
      url,
      headers: manager.headers,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json<{ data: unknown; meta?: { total?: number } }>().data;
  };

  const sessions = async () => (await call('GET', `/api/vpn/hubs/${hubId}/sessions`)) as Session[];
  const sessionOf = async (clientId: number) =>
    (await sessions()).find((s) => s.vpn_hub_user_id === clientId);
  const connections = async () =>
    (await call('GET', `/api/vpn/hubs/${hubId}/logs/user-connections?limit=50`)) as ConnectionLog[];

  /** The device's newest `vpn_join` as it receives it on connecting: its profile is made then. */
  const joinJob = async (device: { id: number; serial: string }) => {
    gateway.online.add(device.id);
    const hello = {
      v: 1 as const,
      model: 'RUTX11',
      firmware: 'x',
      agent: 'x',
      serial: device.serial,
    };
    await gateway.ready([{ deviceId: device.id, hello }]);
    gateway.online.delete(device.id);
    const joins = gateway.commandsFor(device.id).filter((command) => command.type === 'vpn_join');
    return vpnJoinArgsSchema.parse(joins.at(-1)?.args);
  };

  const writeProfile = (name: string, content: string) => {
    const file = join(dir, 'profiles', `${name}.ovpn`);
    writeFileSync(file, content, { mode: 0o600 });
    profiles.set(name, file);
  };

  const connect = (name: string) => {
    const client = spawnIn(ns(name), 'openvpn', ['--config', profiles.get(name) ?? '']);
    openvpn.set(name, client);
    return client;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nf-vpn-api-'));
    mkdirSync(join(dir, 'profiles'), { mode: 0o700 });
    star = await createStar(PREFIX, [
      { name: 'deva', lan: `${LAN_A}/24` },
      { name: 'devb', lan: `${LAN_B}/24` },
      { name: 'laptop' },
    ]);
    t = await buildTestApp(
      // What the profiles name as the hub: its address every client namespace reaches.
      { vpnHubHost: star.hubAddress },
      {
        deviceGateway: gateway,
        hubRuntime: (log) =>
          createHubSupervisor({ dataDir: dataDir(), netns: star.hub, log, pollMs: 300 }),
      },
    );
    const company = await createCompany(t.db, { name: 'Tunnel company' });
    const user = await createUser(t.db, 'end_user', { company });
    managerId = user.id;
    manager = await loginAs(t.app, user);
    // Firmware from RutOS 07.06 on: devices that run OpenVPN and may join hubs.
    devices = {
      deva: await insertDevice(t.db, company, {
        name: 'Device A',
        model: 'RUTX11',
        firmware: 'RUTX_R_00.07.08',
      }),
      devb: await insertDevice(t.db, company, {
        name: 'Device B',
        model: 'RUT955',
        firmware: 'RUT9_R_00.07.06.1',
      }),
    };
  }, 60_000);

  afterAll(async () => {
    try {
      await Promise.all([...openvpn.values()].map((client) => client.stop()));
      // Stops the hub (the module closes its runtime) before the namespaces go.
      await t?.close();
    } finally {
      // Kills whatever still runs inside, even when the app would not close.
      await star?.destroy();
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('makes a hub that runs in the hub namespace', async () => {
    const hub = (await call('POST', '/api/vpn/hubs', { name: 'Tunnel hub' })) as {
      id: number;
      port: number;
    };
    hubId = hub.id;
    await t.app.vpnHubs.idle();
    const shown = (await call('GET', `/api/vpn/hubs/${hubId}`)) as { status: unknown };
    expect(shown.status, hubLog()).toEqual({ state: 'running', error: null });
    expect(hubLog()).toMatch(/Initialization Sequence Completed/);
  });

  it('adds the devices and routes to their LANs; each device gets its profile by a job', async () => {
    await call('POST', `/api/vpn/hubs/${hubId}/devices`, {
      device_id: [devices.deva.id, devices.devb.id],
    });
    const clients = (await call('GET', `/api/vpn/hubs/${hubId}/clients`)) as Client[];
    for (const name of ['deva', 'devb'] as const) {
      const client = clients.find((c) => c.type === 'device' && c.object_id === devices[name].id);
      expect(client, JSON.stringify(clients)).toBeDefined();
      clientIds[name] = client?.id ?? 0;
    }
    for (const [name, network] of [
      ['deva', '192.168.71.0'],
      ['devb', '192.168.72.0'],
    ] as const) {
      await call('POST', '/api/vpn/hubs/routes', {
        vpn_hub_id: hubId,
        vpn_hub_user_id: clientIds[name],
        ip_address: network,
        netmask: '255.255.255.0',
        name: `LAN ${name}`,
      });
    }
    await t.app.vpnHubs.idle();
    for (const [name, network] of [
      ['deva', '192.168.71.0'],
      ['devb', '192.168.72.0'],
    ] as const) {
      const args = await joinJob(devices[name]);
      expect(args).toMatchObject({
        hub_id: hubId,
        common_name: `device-${devices[name].id}`,
        lans: [{ network, netmask: '255.255.255.0' }],
      });
      expect(args.profile).toContain(`remote ${star.hubAddress} 1194`);
      writeProfile(name, args.profile);
    }
  });

  it('makes the laptop a quick-connect profile and downloads it through its link', async () => {
    const profile = (await call('POST', `/api/vpn/hubs/${hubId}/quick-connect`, {
      expires_in: 3600,
    })) as { vpn_hub_user_id: number; content: string; download_url: string };
    clientIds.laptop = profile.vpn_hub_user_id;
    laptopLink = new URL(profile.download_url).pathname;
    // The link works without a session (an OpenVPN app fetches it).
    const link = await t.app.inject({ method: 'GET', url: laptopLink });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.headers['content-type']).toBe('application/x-openvpn-profile');
    expect(link.body).toBe(profile.content);
    expect(link.body).toContain(`remote ${star.hubAddress} 1194`);
    // The console's own download hands out the same profile.
    const again = (await call('GET', `/api/vpn/hubs/users/${clientIds.laptop}/profile`)) as {
      content: string;
    };
    expect(again.content).toBe(profile.content);
    const downloads = (await call('GET', `/api/vpn/hubs/${hubId}/downloads`)) as { via: string }[];
    expect(downloads.map((d) => d.via).sort()).toEqual(['console', 'console', 'link']);
    writeProfile('laptop', link.body);
    await t.app.vpnHubs.idle();
  });

  it('connects the devices and the laptop with those profiles', async () => {
    const clients = ['deva', 'devb', 'laptop'].map(connect);
    await Promise.all(
      clients.map((client) => client.waitFor(/Initialization Sequence Completed/, 20_000)),
    );
    // OpenVPN reports a client's connection before the address it gives it (CLIENT:CONNECT, then
    // CLIENT:ADDRESS): wait for both.
    const connected = await until(
      'three sessions with their VPN addresses in the API',
      async () => {
        const list = await sessions();
        return list.length === 3 && list.every((s) => s.vpn_ip) ? list : null;
      },
      10_000,
      hubLog,
    );
    expect(connected.map((s) => s.vpn_hub_user_id).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      [clientIds.deva, clientIds.devb, clientIds.laptop].sort((a, b) => a - b),
    );
    for (const session of connected) expect(session.vpn_ip).toMatch(/^10\.8\.0\.\d+$/);
  });

  it('carries LAN A to LAN B through the hub over the pushed routes', async () => {
    expect(await ping(ns('deva'), LAN_B, { from: LAN_A })).toBe(true);
    expect(await ping(ns('devb'), LAN_A, { from: LAN_B })).toBe(true);
  });

  it('lets the laptop reach both LANs', async () => {
    expect(await ping(ns('laptop'), LAN_A)).toBe(true);
    expect(await ping(ns('laptop'), LAN_B)).toBe(true);
  });

  it('shows the sessions and the connection log with their bytes', async () => {
    for (const session of await sessions()) {
      expect(session.bytes_received, session.name).toBeGreaterThan(0);
      expect(session.bytes_sent, session.name).toBeGreaterThan(0);
    }
    const before = new Map((await connections()).map((row) => [row.vpn_user_id, row]));
    // More traffic, then a sweep counts every running session's bytes into the log.
    expect(await ping(ns('laptop'), LAN_A, { count: 3 })).toBe(true);
    await t.app.vpnHubs.sweep();
    await t.app.vpnHubs.idle();
    const rows = await connections();
    expect(rows).toHaveLength(3);
    for (const name of ['deva', 'devb', 'laptop'] as const) {
      const row = rows.find((r) => r.vpn_user_id === clientIds[name]);
      expect(row, name).toMatchObject({ disconnected_at: null });
      expect(row?.bytes_received, name).toBeGreaterThan(0);
      expect(row?.bytes_sent, name).toBeGreaterThan(0);
    }
    const laptop = rows.find((r) => r.vpn_user_id === clientIds.laptop);
    const laptopBefore = before.get(clientIds.laptop);
    expect(laptop?.bytes_sent).toBeGreaterThan(laptopBefore?.bytes_sent ?? 0);
  });

  it('revokes the laptop through the API: it cannot reconnect, the devices stay', async () => {
    const logBefore = hubLog().length;
    const devicesBefore = Object.fromEntries(
      await Promise.all(
        (['deva', 'devb'] as const).map(
          async (name) => [name, (await sessionOf(clientIds[name]))?.connected_since] as const,
        ),
      ),
    );
    await call('DELETE', `/api/vpn/hubs/users/${clientIds.laptop}`);
    await t.app.vpnHubs.idle();
    const commonName = `user-${managerId}`;
    // The laptop's OpenVPN is told to restart and retries at once; the hub turns it away.
    await until(
      'the hub to refuse the revoked certificate',
      async () =>
        new RegExp(`VERIFY ERROR: depth=0, error=certificate revoked.*CN=${commonName}`).test(
          hubLog().slice(logBefore),
        )
          ? true
          : null,
      15_000,
      () => `hub log:\n${hubLog().slice(logBefore)}\nlaptop:\n${openvpn.get('laptop')?.output()}`,
    );
    // OpenVPN ends a killed client's instance 5 s after telling it to restart.
    await until(
      'the laptop session to end',
      async () => ((await sessionOf(clientIds.laptop)) ? null : true),
      10_000,
      hubLog,
    );
    expect(await ping(ns('laptop'), LAN_A, { count: 1, waitSeconds: 1 })).toBe(false);
    expect(await ping(ns('laptop'), LAN_B, { count: 1, waitSeconds: 1 })).toBe(false);

    // The devices kept their sessions and still reach each other.
    for (const name of ['deva', 'devb'] as const) {
      expect((await sessionOf(clientIds[name]))?.connected_since, name).toBe(devicesBefore[name]);
    }
    expect(await ping(ns('deva'), LAN_B, { from: LAN_A })).toBe(true);

    // The log keeps the laptop's session, closed; its link is dead.
    await until(
      'the laptop session to close in the log',
      async () => {
        await t.app.vpnHubs.idle();
        const row = (await connections()).find((r) => r.vpn_user_id === clientIds.laptop);
        return row?.disconnected_at ? row : null;
      },
      5_000,
    );
    const again = await t.app.inject({ method: 'GET', url: laptopLink });
    expect(again.statusCode, again.body).toBe(409);
  });
});

// Hub zones end to end with real packets: the app (embedded PGlite, no hub runtime of its own)
// listens on 127.0.0.1 so its signed spec links resolve; a super admin makes a zone on an agent
// device and the agent says hello in hub mode through the fake gateway. A manager makes a hub in
// the zone and adds two devices with routes to their LANs. The agent's real hub mode executes the
// `vpn_hub_*` jobs the gateway was given: it fetches the hub's spec over HTTP from the app and runs
// the hub inside the hub namespace, and its `hub` reports go back into the app through the gateway.
// The devices' stock OpenVPN clients connect with the profiles of their `vpn_join` jobs (which dial
// the zone's host); LAN A reaches LAN B through the hub, and the API shows the hub and its
// sessions. Deleting the hub sends `vpn_hub_remove`, which takes the tunnel and its files away.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CommandMessage,
  type Hello,
  hubStateMessageSchema,
  hubZoneSpecSchema,
  type HubStateMessage,
  PROTOCOL_VERSION,
  VPN_HUB_COMMAND_TYPES,
  vpnHubApplyArgsSchema,
  vpnJoinArgsSchema,
} from '@netfleet/contracts';
import { createHubSupervisor } from '@netfleet/openvpn-hub';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/app';
import { createFakeGateway, insertDevice } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import {
  createHubMode,
  type HubCommandType,
  hubLogger,
  type HubMode,
} from '../../../agent/src/linux/hub-mode';
import { readHubLog } from './hub-fixture';
import {
  type Background,
  createStar,
  netnsUnavailable,
  ping,
  run,
  spawnIn,
  type Star,
  until,
} from './netns';

const unavailable = await netnsUnavailable();
if (unavailable) console.log(`VPN hub zone tunnel test skipped: ${unavailable}`);

const PREFIX = `nfz${process.pid % 1000}`;
const LAN_A = '192.168.71.1';
const LAN_B = '192.168.72.1';
/** The local zone's host: nothing of this test may dial it. */
const LOCAL_HOST = 'local-hub.invalid';

type Method = 'GET' | 'POST' | 'DELETE';
interface Session {
  name: string;
  vpn_hub_user_id: number | null;
  vpn_ip: string | null;
}
interface Client {
  id: number;
  type: string;
  object_id: number | null;
}
interface Zone {
  id: number;
  name: string;
  kind: string;
  available: boolean;
  online: boolean;
  host: string;
  device_id: number | null;
}
interface Executed {
  command: CommandMessage;
  outcome: { status: string; message?: string };
}

const isHubCommand = (type: string): type is HubCommandType =>
  (VPN_HUB_COMMAND_TYPES as readonly string[]).includes(type);

/**
 * A port free on 127.0.0.1 now: the app's public URL (which its spec links name) is fixed when the
 * app is built, before it listens.
 */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe.skipIf(unavailable)('VPN hubs in an agent zone, tunnels in network namespaces', () => {
  let star: Star;
  let t: TestApp | null = null;
  const gateway = createFakeGateway();
  let admin: TestSession;
  let manager: TestSession;
  let dir = '';
  let hub: HubMode | null = null;
  let agent: Awaited<ReturnType<typeof insertDevice>>;
  let devices: Record<'deva' | 'devb', Awaited<ReturnType<typeof insertDevice>>>;
  let hubId = 0;
  let port = 0;
  const clientIds: Record<'deva' | 'devb', number> = { deva: 0, devb: 0 };
  const profiles = new Map<string, string>();
  const openvpn = new Map<string, Background>();
  /** What the agent's hub mode was given and answered, in order. */
  const executed: Executed[] = [];
  const seen = new Set<number>();
  /** What the agent published on its `hub` topic. */
  const published: HubStateMessage[] = [];
  const agentLog: string[] = [];

  const app = () => {
    if (!t) throw new Error('no app');
    return t.app;
  };
  const agentDir = () => join(dir, 'agent');
  const hubDir = () => join(agentDir(), 'vpn', 'hubs', String(hubId));
  const hubLog = () => readHubLog(agentDir(), hubId);
  const ns = (name: string) => star.spokes[name]?.ns ?? '';
  const detail = () =>
    [
      `agent log:\n${agentLog.join('\n')}`,
      `agent jobs:\n${executed.map((e) => `${e.command.type} ${JSON.stringify(e.outcome)}`).join('\n')}`,
      `hub log:\n${hubLog()}`,
    ].join('\n');

  const call = async (as: TestSession, method: Method, url: string, payload?: object) => {
    const response = await app().inject({
      method,
      url,
      headers: as.headers,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json<{ data: unknown }>().data;
  };
  const hubStatus = async () =>
    ((await call(manager, 'GET', `/api/vpn/hubs/${hubId}`)) as { status: { state: string } })
      .status;
  const sessions = async () =>
    (await call(manager, 'GET', `/api/vpn/hubs/${hubId}/sessions`)) as Session[];

  /**
   * The agent's device session: runs the hub jobs sent to the agent device (each once, in the
   * order sent) with the real hub mode and acknowledges each, as `netfleet-agent --hub` does.
   * Repeats until the server has nothing more to send (a job's outcome may bring another job).
   */
  const agentRuns = async () => {
    for (;;) {
      await app().vpnHubs.idle();
      const waiting = gateway.commandsFor(agent.id).filter((command) => !seen.has(command.id));
      if (waiting.length === 0) return;
      for (const command of waiting) {
        seen.add(command.id);
        if (!hub || !isHubCommand(command.type)) continue;
        const outcome = await hub.execute(command.type, command);
        executed.push({ command, outcome });
        await gateway.listener.ack(agent.id, {
          id: command.id,
          status: outcome.status,
          ...(outcome.message ? { message: outcome.message.slice(0, 1024) } : {}),
        });
      }
    }
  };
  const executedOf = (type: HubCommandType) => executed.filter((e) => e.command.type === type);

  /** The device's newest `vpn_join` as it receives it on connecting: its profile is made then. */
  const joinJob = async (device: { id: number; serial: string }) => {
    gateway.online.add(device.id);
    const hello: Hello = {
      v: PROTOCOL_VERSION,
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

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nf-vpn-zone-'));
    mkdirSync(join(dir, 'profiles'), { mode: 0o700 });
    star = await createStar(PREFIX, [
      { name: 'deva', lan: `${LAN_A}/24` },
      { name: 'devb', lan: `${LAN_B}/24` },
    ]);
    port = await freePort();
    // No hub runtime: the server runs no hub itself. Spec links name the port it listens on.
    t = await buildTestApp(
      { publicUrl: `http://127.0.0.1:${port}`, vpnHubHost: LOCAL_HOST },
      { deviceGateway: gateway },
    );
    await t.app.listen({ port, host: '127.0.0.1' });
    hub = createHubMode({
      runtime: createHubSupervisor({
        dataDir: agentDir(),
        netns: star.hub,
        log: hubLogger((line) => agentLog.push(line)),
        pollMs: 300,
      }),
      dataDir: agentDir(),
      // The gateway checks what arrives on `nf/d/<id>/hub` against the contract.
      publish: (message) => {
        const parsed = hubStateMessageSchema.parse(message);
        published.push(parsed);
        gateway.hubReported(agent.id, parsed);
      },
      log: (line) => agentLog.push(line),
    });
    const company = await createCompany(t.db, { name: 'Zone company' });
    admin = await loginAs(t.app, await createUser(t.db, 'super_admin', { company }));
    manager = await loginAs(t.app, await createUser(t.db, 'end_user', { company }));
    agent = await insertDevice(t.db, company, { name: 'Hub machine', model: 'RUTX11' });
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
      // Stops whatever hub still runs before the namespace goes.
      await hub?.close();
    } finally {
      try {
        // Stops listening; what the agent reported is recorded before the database closes.
        await t?.close();
      } finally {
        // Kills whatever still runs inside, even when the hub or the app would not close.
        await star?.destroy();
        if (dir) rmSync(dir, { recursive: true, force: true });
      }
    }
  }, 30_000);

  it('makes a zone on the agent device, available once the agent says hello in hub mode', async () => {
    const zone = (await call(admin, 'POST', '/api/vpn/hubs/zones', {
      name: 'edge-1',
      visual_name: 'Edge 1',
      device_id: agent.id,
      // What the devices dial: the hub namespace's address every spoke reaches.
      host: star.hubAddress,
    })) as Zone;
    expect(zone).toMatchObject({ kind: 'agent', device_id: agent.id, available: false });

    const host = await hub?.probe();
    expect(host).toEqual({ available: true, version: expect.stringMatching(/^2\./) });
    gateway.online.add(agent.id);
    await gateway.ready([
      {
        deviceId: agent.id,
        hello: {
          v: PROTOCOL_VERSION,
          model: 'RUTX11',
          firmware: 'RUTX_R_00.07.08',
          agent: 'netfleet-agent test',
          serial: agent.serial,
          ...(host ? { hub: host } : {}),
        },
      },
    ]);
    // The hello hands the agent its zone's (empty) state.
    await agentRuns();
    expect(executed.map((e) => [e.command.type, e.command.args, e.outcome.status])).toEqual([
      ['vpn_hub_sync', { hub_ids: [] }, 'completed'],
    ]);
    const zones = (await call(manager, 'GET', '/api/vpn/hubs/zones')) as Zone[];
    expect(zones.find((z) => z.name === 'edge-1')).toMatchObject({
      available: true,
      online: true,
      host: star.hubAddress,
    });
  });

  it('runs a hub made in the zone on the agent, from a spec without the CA key', async () => {
    const made = (await call(manager, 'POST', '/api/vpn/hubs', {
      name: 'Zone hub',
      hub_zone: 'edge-1',
    })) as { id: number };
    hubId = made.id;
    await agentRuns();
    const [apply] = executedOf('vpn_hub_apply');
    expect(apply?.outcome, detail()).toEqual({
      status: 'completed',
      message: `Hub ${hubId} running`,
    });
    // The link names the app's own address, signed for the agent device.
    const args = vpnHubApplyArgsSchema.parse(apply?.command.args);
    expect(args.spec_url.startsWith(`http://127.0.0.1:${port}/api/vpn/hubs/${hubId}/`)).toBe(true);
    expect(args.spec_url).toContain(`device_id=${agent.id}`);

    // What the link answers: the CA's certificate only; the one private key is the hub server's.
    const answer = await fetch(args.spec_url);
    expect(answer.status).toBe(200);
    const body = await answer.text();
    const spec = hubZoneSpecSchema.parse(JSON.parse(body));
    expect(Object.keys((JSON.parse(body) as { ca: object }).ca)).toEqual(['cert']);
    expect(body.match(/BEGIN [A-Z ]*PRIVATE KEY/g)).toHaveLength(1);
    // Nor did any other key reach the machine: every key in the hub's files is the server's.
    const files = readdirSync(hubDir(), { recursive: true, withFileTypes: true });
    expect(files.map((f) => f.name)).toContain('ca.pem');
    for (const file of files.filter((f) => f.isFile())) {
      const text = readFileSync(join(file.parentPath, file.name), 'utf8');
      const keys = text.match(
        /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
      );
      for (const key of keys ?? []) expect(key.trim(), file.name).toBe(spec.server.key.trim());
    }

    // The agent's report made it to the API.
    await until(
      'the hub to run in the API',
      async () => ((await hubStatus()).state === 'running' ? true : null),
      10_000,
      detail,
    );
    expect(await hubStatus()).toEqual({ state: 'running', error: null });
    expect(published.filter((m) => m.hub_id === hubId).at(-1)).toMatchObject({
      state: 'running',
      error: null,
    });
    expect((await run(star.hub, 'ip', ['link', 'show', `nfh${hubId}`])).code).toBe(0);
  });

  it('adds the devices and routes to their LANs; their profiles dial the zone host', async () => {
    await call(manager, 'POST', `/api/vpn/hubs/${hubId}/devices`, {
      device_id: [devices.deva.id, devices.devb.id],
    });
    const clients = (await call(manager, 'GET', `/api/vpn/hubs/${hubId}/clients`)) as Client[];
    for (const name of ['deva', 'devb'] as const) {
      const client = clients.find((c) => c.type === 'device' && c.object_id === devices[name].id);
      expect(client, JSON.stringify(clients)).toBeDefined();
      clientIds[name] = client?.id ?? 0;
    }
    for (const [name, network] of [
      ['deva', '192.168.71.0'],
      ['devb', '192.168.72.0'],
    ] as const) {
      await call(manager, 'POST', '/api/vpn/hubs/routes', {
        vpn_hub_id: hubId,
        vpn_hub_user_id: clientIds[name],
        ip_address: network,
        netmask: '255.255.255.0',
        name: `LAN ${name}`,
      });
    }
    // The agent applies the hub again with its clients and routes.
    await agentRuns();
    const applies = executedOf('vpn_hub_apply');
    expect(applies.length, detail()).toBeGreaterThan(1);
    for (const { outcome } of applies) expect(outcome.status, detail()).toBe('completed');

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
      expect(args.profile).toMatch(
        new RegExp(`^remote ${star.hubAddress.replaceAll('.', '\\.')} \\d+$`, 'm'),
      );
      expect(args.profile).not.toContain(LOCAL_HOST);
      const file = join(dir, 'profiles', `${name}.ovpn`);
      writeFileSync(file, args.profile, { mode: 0o600 });
      profiles.set(name, file);
    }
  });

  it('connects both devices through the agent’s hub; LAN A reaches LAN B', async () => {
    for (const name of ['deva', 'devb']) {
      openvpn.set(name, spawnIn(ns(name), 'openvpn', ['--config', profiles.get(name) ?? '']));
    }
    await Promise.all(
      [...openvpn.values()].map((client) =>
        client.waitFor(/Initialization Sequence Completed/, 20_000),
      ),
    );
    expect(await ping(ns('deva'), LAN_B, { from: LAN_A })).toBe(true);
    expect(await ping(ns('devb'), LAN_A, { from: LAN_B })).toBe(true);
  });

  it('shows the hub running and both sessions, as the agent reported them', async () => {
    const connected = await until(
      'both sessions in the API',
      async () => {
        const list = await sessions();
        return list.length === 2 ? list : null;
      },
      10_000,
      detail,
    );
    expect(connected.map((s) => s.vpn_hub_user_id).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      [clientIds.deva, clientIds.devb].sort((a, b) => a - b),
    );
    for (const session of connected) expect(session.vpn_ip).toMatch(/^10\.8\.0\.\d+$/);
    expect(await hubStatus()).toEqual({ state: 'running', error: null });
    const shown = (await call(manager, 'GET', `/api/vpn/hubs/${hubId}`)) as {
      hub_zone: string;
      sessions_count: number;
    };
    expect(shown).toMatchObject({ hub_zone: 'edge-1', sessions_count: 2 });
  });

  it('deletes the hub through the API: the agent removes it, its tunnel and its files', async () => {
    await call(manager, 'DELETE', '/api/vpn/hubs', { id: [hubId] });
    await agentRuns();
    expect(executedOf('vpn_hub_remove').map((e) => [e.command.args, e.outcome])).toEqual([
      [{ hub_id: hubId }, { status: 'completed', message: `Hub ${hubId} removed` }],
    ]);
    expect(published.at(-1)).toMatchObject({ hub_id: hubId, state: 'stopped', sessions: [] });
    expect((await run(star.hub, 'ip', ['link', 'show', `nfh${hubId}`])).code).not.toBe(0);
    expect(existsSync(hubDir())).toBe(false);
    expect(await ping(ns('deva'), LAN_B, { from: LAN_A, count: 1, waitSeconds: 1 })).toBe(false);
    const gone = await app().inject({
      method: 'GET',
      url: `/api/vpn/hubs/${hubId}`,
      headers: manager.headers,
    });
    expect(gone.statusCode).toBe(404);
  });
});

// `netfleet-agent --hub` with a real tunnel: the agent's hub mode, given the server's commands
// directly (no broker), fetches the hub's spec from a local HTTP server as from the server's
// signed link and runs the hub in a namespace; two device namespaces connect with netfleet's
// profiles and ping each other through it. `vpn_hub_remove` then takes the tunnel away.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hubStateMessageSchema,
  type CommandMessage,
  type HubStateMessage,
  type HubZoneSpec,
} from '@netfleet/contracts';
import { createHubSupervisor, type HubSpec } from '@netfleet/openvpn-hub';
import {
  createHubMode,
  type HubCommandType,
  type HubMode,
} from '../../../agent/src/linux/hub-mode';
import {
  createHubKeys,
  type HubKeys,
  hubSpec,
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
  run,
  spawnIn,
  type Star,
  until,
} from './netns';

const unavailable = await netnsUnavailable();
if (unavailable) console.log(`Agent hub mode tunnel test skipped: ${unavailable}`);

const PREFIX = `nfa${process.pid % 1000}`;
const HUB_ID = 23;
const DEVICE_A = '10.97.0.10';
const DEVICE_B = '10.97.0.11';

/** What the server's spec link answers: the hub's spec without the CA's key. */
const zoneSpec = (spec: HubSpec): HubZoneSpec => ({
  ...spec,
  ca: { cert: spec.ca.cert },
  server: { cert: spec.server.cert, key: spec.server.key },
  clients: spec.clients.map((client) => ({ ...client, lans: [...client.lans] })),
  pushRoutes: [...spec.pushRoutes],
  dhcpOptions: [...spec.dhcpOptions],
});

describe.skipIf(unavailable)('netfleet-agent hub mode with a real tunnel', () => {
  let star: Star;
  let dir = '';
  let hub: HubMode | null = null;
  let specServer: Server | null = null;
  let specUrl = '';
  let keys: HubKeys;
  let spec: HubSpec;
  const clients = new Map<string, Background>();
  const published: HubStateMessage[] = [];
  let nextJob = 1;

  const dataDir = () => join(dir, 'agent');
  const hubLog = () => readHubLog(dataDir(), HUB_ID);
  const job = (type: HubCommandType, args: Record<string, unknown>) => {
    const command: CommandMessage = { id: nextJob++, type, args, expires_at: Date.now() + 60_000 };
    if (!hub) throw new Error('no hub mode');
    return hub.execute(type, command);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nf-agent-hub-'));
    star = await createStar(PREFIX, [{ name: 'deva' }, { name: 'devb' }]);
    keys = await createHubKeys(HUB_ID);
    spec = await hubSpec(keys, {
      id: HUB_ID,
      port: 1194,
      subnet: subnet('10.97.0.0/24'),
      clients: [
        { commonName: 'deva', ip: DEVICE_A, lans: [], enabled: true },
        { commonName: 'devb', ip: DEVICE_B, lans: [], enabled: true },
      ],
    });
    const body = JSON.stringify(zoneSpec(spec));
    const server = createServer((request, response) => {
      if (request.url === `/hubs/${HUB_ID}/spec?sig=test`) response.end(body);
      else response.writeHead(404).end();
    });
    specServer = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    specUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hubs/${HUB_ID}/spec?sig=test`;
    hub = createHubMode({
      runtime: createHubSupervisor({
        dataDir: dataDir(),
        netns: star.hub,
        log: testLog,
        pollMs: 300,
      }),
      dataDir: dataDir(),
      publish: (message) => published.push(hubStateMessageSchema.parse(message)),
      log: (message) => console.warn('[agent]', message),
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([...clients.values()].map((client) => client.stop()));
    await hub?.close();
    await star?.destroy();
    specServer?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('announces that the machine can run hubs', async () => {
    expect(await hub?.probe()).toEqual({ available: true, version: expect.stringMatching(/^2\./) });
  });

  it('runs the hub the spec link describes, and devices exchange packets through it', async () => {
    const applied = await job('vpn_hub_apply', { hub_id: HUB_ID, spec_url: specUrl });
    expect(applied, hubLog()).toEqual({ status: 'completed', message: `Hub ${HUB_ID} running` });
    // The CA's key never reached the machine: no file of the hub holds it.
    const hubDir = join(dataDir(), 'vpn/hubs', String(HUB_ID));
    const files = readdirSync(hubDir, { recursive: true, withFileTypes: true });
    expect(files.map((f) => f.name)).toContain('ca.pem');
    for (const file of files.filter((f) => f.isFile())) {
      expect(readFileSync(join(file.parentPath, file.name), 'utf8')).not.toContain(keys.ca.key);
    }

    for (const name of ['deva', 'devb']) {
      const profile = await writeProfile(join(dir, 'profiles'), keys, spec, name, star.hubAddress);
      clients.set(name, spawnIn(star.spokes[name]?.ns ?? '', 'openvpn', ['--config', profile]));
    }
    await Promise.all(
      [...clients.values()].map((client) =>
        client.waitFor(/Initialization Sequence Completed/, 20_000),
      ),
    );
    expect(await ping(star.spokes.deva?.ns ?? '', DEVICE_B)).toBe(true);
    expect(await ping(star.spokes.devb?.ns ?? '', DEVICE_A)).toBe(true);

    // The connections are reported on the hub topic, with their tunnel addresses.
    const latest = () => published.filter((m) => m.hub_id === HUB_ID).at(-1);
    await until(
      'a hub report with both sessions',
      async () => (latest()?.sessions.length === 2 ? true : null),
      10_000,
      () => JSON.stringify(published, null, 1),
    );
    expect(latest()).toMatchObject({ state: 'running', error: null, part: 1, parts: 1 });
    expect(
      latest()
        ?.sessions.map((s) => [s.common_name, s.virtual_address])
        .sort(),
    ).toEqual([
      ['deva', DEVICE_A],
      ['devb', DEVICE_B],
    ]);
  });

  it('vpn_hub_remove takes the hub and its tunnel away', async () => {
    expect(await job('vpn_hub_remove', { hub_id: HUB_ID })).toEqual({
      status: 'completed',
      message: `Hub ${HUB_ID} removed`,
    });
    expect(published.at(-1)).toMatchObject({ hub_id: HUB_ID, state: 'stopped', sessions: [] });
    expect((await run(star.hub, 'ip', ['link', 'show', `nfh${HUB_ID}`])).code).not.toBe(0);
    expect(existsSync(join(dataDir(), 'vpn/hubs', String(HUB_ID)))).toBe(false);
    expect(await ping(star.spokes.deva?.ns ?? '', DEVICE_B, { count: 1, waitSeconds: 1 })).toBe(
      false,
    );
  });
});

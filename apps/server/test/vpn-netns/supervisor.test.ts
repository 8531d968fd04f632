// The hub supervisor with real OpenVPN processes in the server's own network namespace (no
// `netns`, as in production): start, restart only for server-level changes, one hub's restart
// leaving the other alone, kernel routes to client LANs, a failure's reason, stop.
import { spawn } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHubSupervisor,
  type HubEvent,
  type HubRuntime,
  type HubSpec,
  hubTable,
} from '@netfleet/openvpn-hub';
import { createHubKeys, type HubKeys, hubSpec, subnet, testLog } from './hub-fixture';
import { netnsUnavailable, run } from './netns';

const unavailable = await netnsUnavailable();
if (unavailable) console.log(`VPN supervisor tests skipped: ${unavailable}`);

/** Ids and addresses no real hub on this machine would use (198.18.0.0/15 is for testing). */
const BASE_ID = 9000 + (process.pid % 500) * 2;
const HUB_A = BASE_ID;
const HUB_B = BASE_ID + 1;

const udpPort = () =>
  new Promise<Socket>((resolve) => {
    const socket = createSocket('udp4');
    socket.bind(0, '0.0.0.0', () => resolve(socket));
  });

const freePort = async () => {
  const socket = await udpPort();
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
};

/** The hub's own routing table. */
const routesOf = async (hubId: number) =>
  (await run(null, 'ip', ['-4', 'route', 'show', 'table', String(hubTable(hubId))])).stdout;

const rulesOf = async (hubId: number) =>
  (await run(null, 'ip', ['-4', 'rule', 'show', 'table', String(hubTable(hubId))])).stdout;

describe.skipIf(unavailable)('VPN hub supervisor with OpenVPN', () => {
  let dir = '';
  let runtime: HubRuntime;
  let keys: HubKeys;
  const events: HubEvent[] = [];
  const specs = new Map<number, HubSpec>();

  const apply = async (id: number, changes: Partial<HubSpec>) => {
    const previous = specs.get(id);
    const base =
      previous ??
      (await hubSpec(keys, {
        id,
        port: await freePort(),
        subnet: subnet(`198.18.${id % 250}.0/29`),
        clients: [{ commonName: 'device-1', ip: null, lans: [], enabled: true }],
      }));
    const spec = { ...base, ...changes };
    specs.set(id, spec);
    return runtime.apply(spec);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nf-vpn-sup-'));
    runtime = createHubSupervisor({ dataDir: dir, log: testLog });
    runtime.onEvent((event) => events.push(event));
    keys = await createHubKeys(HUB_A);
  });

  afterAll(async () => {
    await runtime?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 20_000);

  it('reports the host able to run hubs', async () => {
    expect(await runtime.availability()).toEqual({
      available: true,
      version: expect.stringMatching(/^2\.\d+/),
    });
  });

  it('starts hubs, each its own process, with private files', async () => {
    expect(await apply(HUB_A, {})).toMatchObject({ state: 'running', error: null });
    expect(await apply(HUB_B, {})).toMatchObject({ state: 'running', error: null });
    const hubDir = join(dir, 'vpn/hubs', String(HUB_A));
    expect(statSync(hubDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(hubDir, 'server.key')).mode & 0o777).toBe(0o600);
    expect(existsSync(join(hubDir, 'ccd/device-1'))).toBe(true);
    expect(events).toContainEqual({
      hubId: HUB_A,
      kind: 'state',
      status: expect.objectContaining({ state: 'running' }),
    });
  });

  it('applies client changes without a restart and routes their LANs', async () => {
    const startedAt = runtime.status(HUB_A).startedAt;
    const lan = subnet('198.19.7.0/24');
    await apply(HUB_A, {
      clients: [
        { commonName: 'device-1', ip: null, lans: [lan], enabled: true },
        { commonName: 'user-2', ip: `198.18.${HUB_A % 250}.2`, lans: [], enabled: true },
      ],
    });
    expect(runtime.status(HUB_A).startedAt).toEqual(startedAt);
    expect(await routesOf(HUB_A)).toContain('198.19.7.0/24');
    expect(existsSync(join(dir, 'vpn/hubs', String(HUB_A), 'ccd/user-2'))).toBe(true);

    await apply(HUB_A, {
      clients: [{ commonName: 'device-1', ip: null, lans: [], enabled: true }],
    });
    expect(runtime.status(HUB_A).startedAt).toEqual(startedAt);
    expect(await routesOf(HUB_A)).not.toContain('198.19.7.0/24');
    expect(existsSync(join(dir, 'vpn/hubs', String(HUB_A), 'ccd/user-2'))).toBe(false);
  });

  it('restarts only the hub whose server settings changed', async () => {
    const a = runtime.status(HUB_A).startedAt?.getTime() ?? 0;
    const b = runtime.status(HUB_B).startedAt;
    const status = await apply(HUB_A, { port: await freePort() });
    expect(status.state).toBe('running');
    expect(status.startedAt?.getTime()).toBeGreaterThan(a);
    expect(runtime.status(HUB_B).startedAt).toEqual(b);
  });

  it('says why a hub fails, and recovers when its settings are fixed', async () => {
    const taken = await udpPort();
    try {
      const status = await apply(HUB_B, { port: taken.address().port });
      expect(status.state).toBe('failed');
      expect(status.error).toMatch(/Address already in use/);
      expect(runtime.status(HUB_A).state).toBe('running');
      expect(await apply(HUB_B, { port: await freePort() })).toMatchObject({ state: 'running' });
    } finally {
      taken.close();
    }
  });

  it('stops a hub, keeping its files, taking its routing out', async () => {
    expect(await rulesOf(HUB_B)).toContain(`iif nfh${HUB_B}`);
    await runtime.stop(HUB_B);
    expect(runtime.status(HUB_B)).toEqual({ state: 'stopped', error: null, startedAt: null });
    expect((await run(null, 'ip', ['link', 'show', `nfh${HUB_B}`])).code).not.toBe(0);
    expect(await rulesOf(HUB_B)).toBe('');
    expect(await routesOf(HUB_B)).toBe('');
    expect(await rulesOf(HUB_A)).toContain(`iif nfh${HUB_A}`);
    expect(existsSync(join(dir, 'vpn/hubs', String(HUB_B), 'server.conf'))).toBe(true);
    expect(await runtime.sessions(HUB_B)).toEqual([]);
    expect(runtime.status(HUB_A).state).toBe('running');
  });

  it('ends a hub process a previous run left behind, then runs its own', async () => {
    const config = join(dir, 'vpn/hubs', String(HUB_B), 'server.conf');
    // As if netfleet had been killed: its OpenVPN lives on, holding the port.
    const leftover = spawn('openvpn', ['--config', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise((resolve) => leftover.once('close', resolve));
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`leftover did not start:\n${output}`)),
        10_000,
      );
      leftover.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Initialization Sequence Completed')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const spec = specs.get(HUB_B);
    if (!spec) throw new Error('hub B was never applied');
    expect(await runtime.apply(spec)).toMatchObject({ state: 'running' });
    // Ended by SIGTERM, which OpenVPN answers with a clean exit.
    expect(await exited).toBe(0);
  });
});

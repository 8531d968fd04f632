import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HUB_STATE_SESSIONS_MAX,
  hubStateMessageSchema,
  type CommandMessage,
  type HubStateMessage,
  type HubZoneSpec,
} from '@netfleet/contracts';
import type { HubSession } from '@netfleet/openvpn-hub';
import { HUB_MESSAGES } from '../hub-jobs.ts';
import { FakeHubRuntime } from '../testing/fake-hub-runtime.ts';
import { createHubMode, HUB_REPORT_MS, type HubCommandType, type HubMode } from './hub-mode.ts';
import { hubStateMessages } from './hub-state.ts';

// Hub mode with a fake runtime and a local HTTP server answering the specs, as the server's
// signed links would.

const spec = (id: number, changes: Partial<HubZoneSpec> = {}): HubZoneSpec => ({
  id,
  name: `hub ${id}`,
  type: 'tun',
  protocol: 'udp',
  port: 1194 + id,
  subnet: { network: `10.8.${id}.0`, netmask: '255.255.255.0' },
  ca: { cert: '-----BEGIN CERTIFICATE-----\nCA\n-----END CERTIFICATE-----\n' },
  server: { cert: 'SERVER CERT', key: 'SERVER KEY' },
  crl: 'CRL',
  tlsCryptKey: 'TLS CRYPT',
  clients: [{ commonName: 'device-1', ip: null, lans: [], enabled: true }],
  pushRoutes: [],
  dhcpOptions: [],
  ...changes,
});

const session = (commonName: string, index = 0): HubSession => ({
  commonName,
  realAddress: `203.0.113.5:${50_000 + index}`,
  virtualAddress: `10.8.3.${(index % 250) + 2}`,
  bytesReceived: 1000 + index,
  bytesSent: 2000 + index,
  connectedSince: new Date(1_750_000_000_000 + index),
});

/** path → [status, body]; anything else is a 404. */
let answers: Map<string, [number, string]>;
let server: Server;
let baseUrl: string;
let dataDir: string;
let runtime: FakeHubRuntime;
let published: HubStateMessage[];
let hub: HubMode;
let nextId = 1;

beforeEach(async () => {
  answers = new Map();
  server = createServer((request, response) => {
    const [status, body] = answers.get(request.url ?? '') ?? [404, 'not found'];
    response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'nf-agent-hub-'));
  runtime = new FakeHubRuntime(dataDir);
  published = [];
  hub = createHubMode({
    runtime,
    dataDir,
    publish: (message) => published.push(hubStateMessageSchema.parse(message)),
    log: () => undefined,
  });
});
afterEach(async () => {
  await hub.close();
  vi.useRealTimers();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

const job = (type: HubCommandType, args: Record<string, unknown>) => {
  const command: CommandMessage = { id: nextId++, type, args, expires_at: Date.now() + 60_000 };
  return hub.execute(type, command);
};

const serve = (hubSpec: HubZoneSpec) => {
  const path = `/spec/${hubSpec.id}?sig=abc`;
  answers.set(path, [200, JSON.stringify(hubSpec)]);
  return `${baseUrl}${path}`;
};

const apply = (id: number, url = serve(spec(id))) =>
  job('vpn_hub_apply', { hub_id: id, spec_url: url });

/** Lets the reports the events scheduled run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('netfleet-agent hub mode', () => {
  it('runs the hub its spec link describes, without the CA key, and reports it', async () => {
    expect(await apply(3)).toEqual({ status: 'completed', message: HUB_MESSAGES.running(3) });
    expect(runtime.applied).toEqual([{ ...spec(3), ca: { cert: spec(3).ca.cert, key: '' } }]);
    await settle();
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({
      hub_id: 3,
      state: 'running',
      error: null,
      started_at: expect.any(Number),
      part: 1,
      parts: 1,
      sessions: [],
    });
    // The spec is read again on each apply; an unchanged hub is reported all the same.
    published.length = 0;
    expect(await apply(3)).toMatchObject({ status: 'completed' });
    await settle();
    expect(published).toEqual([expect.objectContaining({ hub_id: 3, state: 'running' })]);
  });

  it("fails with the runtime's words when the hub does not run", async () => {
    runtime.failWith = 'TCP/UDP: Socket bind failed on local address [AF_INET][undef]:1197';
    expect(await apply(3)).toEqual({ status: 'failed', message: runtime.failWith });
    await settle();
    expect(published).toEqual([
      expect.objectContaining({ state: 'failed', error: runtime.failWith }),
    ]);
  });

  it('fails with a clear message when the spec cannot be had or is not a spec', async () => {
    expect(await apply(3, `${baseUrl}/expired`)).toEqual({
      status: 'failed',
      message:
        'The spec of hub 3 could not be fetched: HTTP 404 Not Found (the link may have expired)',
    });
    expect(await apply(3, serve(spec(3, { port: 70_000 })))).toEqual({
      status: 'failed',
      message: expect.stringMatching(/^The spec of hub 3 is not valid: port: /),
    });
    expect(await apply(3, serve(spec(4)))).toEqual({
      status: 'failed',
      message: 'The spec is of hub 4, not hub 3',
    });
    answers.set('/garbage', [200, '<html>']);
    expect(await apply(3, `${baseUrl}/garbage`)).toEqual({
      status: 'failed',
      message: 'The spec of hub 3 is not JSON',
    });
    const closed = `http://127.0.0.1:1/spec`;
    expect(await apply(3, closed)).toEqual({
      status: 'failed',
      message: expect.stringMatching(/^The spec of hub 3 could not be fetched: fetch failed: /),
    });
    expect(runtime.applied).toEqual([]);
    expect(published).toEqual([]);
  });

  it('rejects invalid args without trying', async () => {
    expect(await job('vpn_hub_apply', { hub_id: 0, spec_url: `${baseUrl}/x` })).toEqual({
      status: 'rejected',
      message: expect.stringMatching(/^invalid args\.hub_id: /),
    });
    expect(await job('vpn_hub_apply', { hub_id: 3, spec_url: 'file:///etc/passwd' })).toEqual({
      status: 'rejected',
      message: 'invalid args.spec_url: must be an http(s) URL',
    });
    expect(await job('vpn_hub_disconnect', { hub_id: 3, common_names: [] })).toEqual({
      status: 'rejected',
      message: expect.stringMatching(/^invalid args\.common_names: /),
    });
    expect(await job('vpn_hub_sync', {})).toEqual({
      status: 'rejected',
      message: expect.stringMatching(/^invalid args\.hub_ids: /),
    });
  });

  it('removes a hub and reports it stopped once, with no sessions', async () => {
    await apply(3);
    runtime.connect(3, session('device-1'));
    await settle();
    published.length = 0;
    expect(await job('vpn_hub_remove', { hub_id: 3 })).toEqual({
      status: 'completed',
      message: HUB_MESSAGES.removed(3),
    });
    await settle();
    expect(runtime.removed).toEqual([3]);
    expect(published).toEqual([
      expect.objectContaining({ hub_id: 3, state: 'stopped', started_at: null, sessions: [] }),
    ]);
  });

  it('ends the sessions of the clients named', async () => {
    await apply(3);
    expect(
      await job('vpn_hub_disconnect', { hub_id: 3, common_names: ['device-1', 'user-2'] }),
    ).toEqual({ status: 'completed', message: 'Ended the sessions of 2 clients on hub 3' });
    expect(runtime.disconnected).toEqual([
      { hubId: 3, commonName: 'device-1' },
      { hubId: 3, commonName: 'user-2' },
    ]);
    // A name the runtime refuses fails the job, and the others are still disconnected.
    expect(
      await job('vpn_hub_disconnect', { hub_id: 3, common_names: ['no such', 'user-3'] }),
    ).toEqual({ status: 'failed', message: 'invalid common name no such' });
    expect(runtime.disconnected.at(-1)).toEqual({ hubId: 3, commonName: 'user-3' });
  });

  it('sync removes every hub it runs or has on disk that the zone does not list', async () => {
    await apply(3);
    await apply(4);
    // Left by an earlier run of the agent.
    mkdirSync(join(dataDir, 'vpn', 'hubs', '7'), { recursive: true });
    mkdirSync(join(dataDir, 'vpn', 'hubs', 'not-a-hub'), { recursive: true });
    await settle();
    published.length = 0;
    expect(await job('vpn_hub_sync', { hub_ids: [4, 9] })).toEqual({
      status: 'completed',
      message: 'Removed hubs 3, 7',
    });
    expect(runtime.removed.sort()).toEqual([3, 7]);
    expect(published.map((m) => [m.hub_id, m.state])).toEqual([
      [3, 'stopped'],
      [7, 'stopped'],
    ]);
    expect(await job('vpn_hub_sync', { hub_ids: [4] })).toEqual({
      status: 'completed',
      message: 'No hub to remove',
    });
  });

  it('sync leaves alone a hub whose apply arrived after it', async () => {
    mkdirSync(join(dataDir, 'vpn', 'hubs', '5'), { recursive: true });
    const [synced, applied] = await Promise.all([job('vpn_hub_sync', { hub_ids: [] }), apply(5)]);
    expect(synced).toEqual({ status: 'completed', message: 'No hub to remove' });
    expect(applied).toMatchObject({ status: 'completed' });
    expect(runtime.removed).toEqual([]);
  });

  it('reports a hub when a client connects, and each running hub every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    // The timer belongs to the hub mode: this one is made under the fake clock.
    await hub.close();
    hub = createHubMode({
      runtime,
      dataDir,
      publish: (message) => published.push(hubStateMessageSchema.parse(message)),
      log: () => undefined,
    });
    await apply(3);
    runtime.failWith = 'Cannot open TUN/TAP dev /dev/net/tun';
    await apply(4);
    await settle();
    published.length = 0;

    runtime.connect(3, session('device-1'));
    runtime.connect(3, session('user-2', 1));
    await settle();
    expect(published).toEqual([
      expect.objectContaining({ hub_id: 3, sessions: [expect.anything(), expect.anything()] }),
    ]);
    expect(published[0]?.sessions[1]).toEqual({
      common_name: 'user-2',
      real_address: '203.0.113.5:50001',
      virtual_address: '10.8.3.3',
      bytes_received: 1001,
      bytes_sent: 2001,
      connected_since: 1_750_000_000_001,
    });

    published.length = 0;
    await vi.advanceTimersByTimeAsync(HUB_REPORT_MS);
    await settle();
    // The failed hub is not repeated: its state did not change.
    expect(published.map((m) => [m.hub_id, m.state, m.sessions.length])).toEqual([
      [3, 'running', 2],
    ]);
    await vi.advanceTimersByTimeAsync(HUB_REPORT_MS);
    await settle();
    expect(published).toHaveLength(2);
  });

  it('announces what the machine can do, and stops every hub when closed', async () => {
    expect(hub.host()).toBeUndefined();
    runtime.host = { available: false, reason: 'OpenVPN is not installed.', fix: 'apt-get' };
    expect(await hub.probe()).toEqual(runtime.host);
    expect(hub.host()).toEqual(runtime.host);
    expect(runtime.listening).toBe(1);
    await hub.close();
    expect(runtime.closed).toBe(true);
    expect(runtime.listening).toBe(0);
  });
});

describe('hub state messages', () => {
  it('split the sessions over parts of the same ts', () => {
    const sessions = Array.from({ length: 2 * HUB_STATE_SESSIONS_MAX + 50 }, (_, i) =>
      session(`device-${i}`, i),
    );
    const status = { state: 'running' as const, error: null, startedAt: new Date(1_750_000_000) };
    const messages = hubStateMessages(3, status, sessions, 1_750_000_123_000);
    expect(messages.map((m) => [m.part, m.parts, m.sessions.length])).toEqual([
      [1, 3, HUB_STATE_SESSIONS_MAX],
      [2, 3, HUB_STATE_SESSIONS_MAX],
      [3, 3, 50],
    ]);
    for (const message of messages) {
      expect(hubStateMessageSchema.parse(message)).toEqual(message);
      expect(message).toMatchObject({ ts: 1_750_000_123_000, started_at: 1_750_000_000 });
    }
    expect(messages.flatMap((m) => m.sessions.map((s) => s.common_name))).toEqual(
      sessions.map((s) => s.commonName),
    );
    expect(hubStateMessages(3, status, [], 1)).toEqual([
      expect.objectContaining({ part: 1, parts: 1, sessions: [] }),
    ]);
  });
});

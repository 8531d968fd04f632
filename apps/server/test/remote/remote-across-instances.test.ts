import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CODES, REMOTE_ACCESS_MESSAGES } from '@netfleet/contracts';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from '../../../agent/src/sim/fleet';
import { FleetState } from '../../../agent/src/sim/fleet-state';
import { SimDevice } from '../../../agent/src/sim/sim-device';
import { type App, buildApp } from '@/app';
import type { Broker } from '@/plugins/broker';
import { createExternalBroker } from '@/plugins/broker-external';
import {
  RELAY_PATH,
  RELAY_PROTOCOL,
  RELAY_SIGNATURE_HEADER,
  type RelayParams,
  relayKey,
  signRelay,
} from '@/modules/remote/tunnels/relay-auth';
import { closeRedis, connectRedis } from '@/redis/client';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '@test/app';
import { buildDeviceTestApp, createPendingDevice, type DeviceTestApp } from '@test/devices';
import { rootCompany } from '@test/factories';
import { startPrivateMosquitto } from '@test/mosquitto';
import { loginAs, type TestSession } from '@test/session';
import { httpGet, openTerminal, setCookie } from './remote-http';
import { freePort } from './remote-world';

// The integration tier (DATABASE_URL, REDIS_URL, MQTT_URL): two instances share PostgreSQL, Redis
// and a Mosquitto. The Mosquitto is a private one, as broker-restart.test.ts does: on the system
// broker, other files' instances would answer this device's enrolment too.
const ready = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL && process.env.MQTT_URL);
const redisUrl = process.env.REDIS_URL ?? '';

/** TUNNEL_URL's load balancer: forwards each device dial to whichever instance it is told. */
const startBalancer = async () => {
  let target = 0;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => [client, upstream].forEach((s) => s.destroy()));
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `ws://127.0.0.1:${port}`,
    to: (instancePort: number) => void (target = instancePort),
    close: () => {
      for (const socket of open) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

/** A peer's relay request, as another instance sends it (or a forger, with a bad signature). */
const relayRequest = (base: string, params: RelayParams, signature: string) =>
  new Promise<{ status: number; body: string; socket?: Socket }>((resolve, reject) => {
    const url = new URL(RELAY_PATH, base);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const request = httpRequest(url, {
      headers: {
        connection: 'Upgrade',
        upgrade: RELAY_PROTOCOL,
        [RELAY_SIGNATURE_HEADER]: signature,
      },
    });
    request.on('upgrade', (response, socket: Socket, head: Buffer) => {
      if (head.length > 0) socket.unshift(head);
      resolve({ status: response.statusCode ?? 0, body: '', socket });
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });

describe.skipIf(!ready)('remote access across instances (scale-out)', () => {
  let b: DeviceTestApp;
  let a: App | null = null;
  let brokerA: Broker;
  let redis: Redis[] = [];
  let mosquitto: Awaited<ReturnType<typeof startPrivateMosquitto>>;
  let balancer: Awaited<ReturnType<typeof startBalancer>>;
  let fleet: Fleet;
  let stateDir: string;
  let admin: TestSession;
  let deviceId: number;
  let baseA: string;
  let baseB: string;
  let portB: number;
  const holderKey = () => `netfleet:tunnel:at:${deviceId}`;

  beforeAll(async () => {
    mosquitto = await startPrivateMosquitto();
    redis = [await connectRedis(redisUrl), await connectRedis(redisUrl)];
    balancer = await startBalancer();
    const [portA, port] = [await freePort(), await freePort()];
    portB = port;
    baseA = `http://127.0.0.1:${portA}`;
    baseB = `http://127.0.0.1:${portB}`;
    // Like a deployment: one subscription group, so each device message reaches one instance.
    const broker = () =>
      createExternalBroker({
        url: mosquitto.url,
        clientId: `nf-test-${randomBytes(6).toString('hex')}`,
      });
    // B owns the test database; A shares it (and the session secret), as instances do.
    b = await buildDeviceTestApp({
      broker: broker(),
      mqttUrl: mosquitto.url,
      redis: redis[0],
      config: { publicUrl: baseB, tunnelUrl: balancer.url, instanceUrl: baseB },
    });
    await b.app.listen({ port: portB, host: '127.0.0.1' });
    brokerA = broker();
    a = await buildApp({
      config: { ...b.config, publicUrl: baseA, tunnelUrl: balancer.url, instanceUrl: baseA },
      db: b.db,
      jwtSecret: b.jwtSecret,
      logger: false,
      broker: brokerA,
      redis: redis[1],
    });
    await a.ready();
    await brokerA.start();
    await a.listen({ port: portA, host: '127.0.0.1' });
    balancer.to(portA);

    // A random id keeps this run's keys in the shared Redis apart from any other's.
    const firstId = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
    await b.db.execute(sql`select setval(pg_get_serial_sequence('devices', 'id'), ${firstId})`);
    const sim = new SimDevice(0, 4343);
    const pending = await createPendingDevice(b.db, {
      companyId: (await rootCompany(b.db)).id,
      serial: sim.serial,
      ...(sim.mac ? { mac: sim.mac } : {}),
    });
    deviceId = pending.id;
    stateDir = mkdtempSync(join(tmpdir(), 'nf-remote-cluster-'));
    const state = await FleetState.load(join(stateDir, 'fleet.json'));
    state.set(sim.serial, { claim: pending.claim });
    await state.flush();
    // Frequent telemetry: each instance sees some of it, so both know the device is online.
    fleet = await startFleet({
      devices: 1,
      seed: 4343,
      mqttUrl: mosquitto.url,
      statePath: join(stateDir, 'fleet.json'),
      intervalMs: 200,
    });
    await fleet.ramped;
    const instanceA = a;
    const deadline = Date.now() + 15_000;
    while (![b.app, instanceA].every((app) => app.deviceGateway?.link.isOnline(deviceId))) {
      if (Date.now() > deadline) throw new Error('the device never came online on both');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    admin = await loginAs(b.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  }, 60_000);

  afterAll(async () => {
    await fleet?.stop();
    if (a) {
      await brokerA.close();
      await a.close();
    }
    await b?.close();
    await balancer?.close();
    await mosquitto?.close();
    if (deviceId) await redis[0]?.del(holderKey());
    await Promise.all(redis.map(closeRedis));
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  const connectOnB = async (kind: 'cli' | 'webui') => {
    const response = await b.app.inject({
      method: 'POST',
      url: `/api/devices/${deviceId}/connect/${kind}`,
      headers: admin.headers,
      payload: { duration: 600 },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: { id: number; url: string } }>().data;
  };

  const unameOnB = async () => {
    const session = await connectOnB('cli');
    const terminal = openTerminal(baseB, session.id, admin.cookie);
    await terminal.opened;
    terminal.start({ username: 'root', password: 'admin01' });
    await terminal.message('ready');
    await terminal.until(() => terminal.screen().includes('# '), 'the prompt');
    terminal.type('uname -a\r');
    await terminal.until(() => /Linux \S+ .*GNU\/Linux/.test(terminal.screen()), 'uname output');
    terminal.ws.close();
  };

  it('runs uname -a in a terminal on B through the tunnel the device dialed to A', async () => {
    await unameOnB();
    // B asked; the dial landed on A, which took the token from Redis and registered itself.
    expect(a?.tunnelHub.hasTunnel(deviceId)).toBe(true);
    expect(b.app.tunnelHub.hasTunnel(deviceId)).toBe(false);
    expect(await redis[0]?.get(holderKey())).toBe(baseA);
  });

  it('opens the device web UI on B through A', async () => {
    const session = await connectOnB('webui');
    const url = new URL(session.url);
    const launched = await httpGet(baseB, url.host, url.pathname + url.search);
    expect(launched.status).toBe(302);
    const proof = setCookie(launched, '__nf_webui') as string;
    const login = await httpGet(baseB, url.host, '/', { cookie: proof });
    expect(login.status).toBe(302);
    const page = await httpGet(baseB, url.host, String(login.headers.location), { cookie: proof });
    expect(page.body).toContain('data-testid="sim-webui"');
    expect(b.app.tunnelHub.hasTunnel(deviceId)).toBe(false);
  });

  it('answers a relay with the error the device gave, as the local path would', async () => {
    const refused = b.app.tunnelHub.openStream(deviceId, { host: '127.0.0.1', port: 9 });
    await expect(refused).rejects.toMatchObject({
      statusCode: 502,
      code: ERROR_CODES.DEVICE_ERROR,
      message: REMOTE_ACCESS_MESSAGES.targetRefused,
    });
  });

  it('relays raw bytes for a signed request and refuses forged, stale and replayed ones', async () => {
    const key = relayKey(b.jwtSecret);
    const params = (ts = Date.now()): RelayParams => ({
      device: String(deviceId),
      host: '127.0.0.1',
      port: '22',
      ts: String(ts),
      nonce: randomBytes(16).toString('hex'),
    });
    const good = params();
    const relayed = await relayRequest(baseA, good, signRelay(key, good));
    expect(relayed.status).toBe(101);
    const banner = await new Promise<string>((resolve) =>
      relayed.socket?.once('data', (chunk: Buffer) => resolve(chunk.toString())),
    );
    expect(banner).toMatch(/^SSH-2\.0-/);
    relayed.socket?.destroy();

    const replayed = await relayRequest(baseA, good, signRelay(key, good));
    const other = params();
    const forged = await relayRequest(baseA, other, signRelay(randomBytes(32), other));
    const stale = params(Date.now() - 60_000);
    const late = await relayRequest(baseA, stale, signRelay(key, stale));
    for (const answer of [replayed, forged, late]) {
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({
        success: false,
        errors: [{ code: ERROR_CODES.UNAUTHORIZED }],
      });
    }
  });

  it('after A is gone, B forgets a stale holder and the device dials B', async () => {
    balancer.to(portB);
    await brokerA.close();
    await a?.close();
    a = null;
    // A unregistered its tunnel as it closed.
    expect(await redis[0]?.get(holderKey())).toBeNull();
    // A crashed instance leaves its registration behind: B must get past it.
    await redis[0]?.set(holderKey(), baseA, 'PX', 60_000);

    await unameOnB();
    expect(b.app.tunnelHub.hasTunnel(deviceId)).toBe(true);
    expect(await redis[0]?.get(holderKey())).toBe(baseB);
  });
});

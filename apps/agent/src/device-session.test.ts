import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  TELEMETRY_SCHEMAS,
  ackMessageSchema,
  helloSchema,
  hotspotUsersResultSchema,
  topics,
  type AckMessage,
} from '@netfleet/contracts';
import { DeviceSession } from './device-session.ts';
import { EnrolRefusedError, enrol } from './enrol.ts';
import { SimDevice } from './sim/sim-device.ts';
import { simReading } from './sim/sim-readings.ts';
import { runSimCommand } from './sim/sim-commands.ts';
import { TestBroker, waitFor } from './testing/test-broker.ts';
import { newCounters, type ConnectFailure, type Credential } from './types.ts';

let broker: TestBroker;
const sessions: DeviceSession[] = [];

beforeEach(async () => {
  broker = await TestBroker.start();
});
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.stop()));
  await broker.close();
});

const simSession = (credential: Credential, device = new SimDevice(7, 42), extra = {}) => {
  const counters = newCounters();
  const session = new DeviceSession({
    mqttUrl: broker.url,
    credential,
    agent: 'test/1',
    counters,
    behaviour: {
      identity: () => device.identity(),
      uptime: () => device.uptime(),
      read: (category) => simReading(device, category),
      execute: (command, context) => runSimCommand(device, command, context, { rebootMs: 100 }),
    },
    ...extra,
  });
  sessions.push(session);
  session.start();
  return { session, counters, device };
};

const acks = (id: number) => broker.on(topics.ack(id)).map((a) => ackMessageSchema.parse(a));
const statuses = (id: number, job: number) =>
  acks(id)
    .filter((a: AckMessage) => a.id === job)
    .map((a) => a.status);

describe('enrolment', () => {
  it('trades the claim secret for a credential', async () => {
    const device = new SimDevice(1, 9);
    broker.expectClaim(device.serial, 'CLAIMSECRET0123456789AB');
    const credential = await enrol({
      mqttUrl: broker.url,
      identity: device.identity(),
      claim: 'CLAIMSECRET0123456789AB',
    });
    expect(credential.username).toBe(`d${credential.device_id}`);
    expect(broker.passwords.get(credential.device_id)).toBe(credential.password);
  });

  it('reports a refused enrolment', async () => {
    const device = new SimDevice(1, 9);
    broker.expectClaim(device.serial, 'CLAIMSECRET0123456789AB');
    await expect(
      enrol({ mqttUrl: broker.url, identity: device.identity(), claim: 'WRONGSECRET0123456789AB' }),
    ).rejects.toBeInstanceOf(EnrolRefusedError);
  });
});

describe('device session', () => {
  it('goes online with a retained state and a valid hello, and sends configured telemetry', async () => {
    const credential = broker.addDevice();
    const id = credential.device_id;
    const { counters } = simSession(credential);
    await waitFor(() => broker.on(topics.hello(id)).length > 0);
    const state = broker.messages.find((m) => m.topic === topics.state(id));
    expect(state?.retain).toBe(true);
    expect(JSON.parse(state?.payload ?? '{}')).toMatchObject({ state: 'online' });
    expect(helloSchema.safeParse(broker.on(topics.hello(id))[0]).success).toBe(true);

    await broker.publish(topics.config(id), { periods: { dynamic: 1, static: 0, io: 60 } }, true);
    await waitFor(() => broker.on(topics.telemetry(id, 'dynamic')).length >= 2, 4000);
    const reading = broker.on(topics.telemetry(id, 'dynamic'))[0] as { ts: number; data: unknown };
    expect(TELEMETRY_SCHEMAS.dynamic.safeParse(reading.data).success).toBe(true);
    expect(broker.on(topics.telemetry(id, 'static'))).toHaveLength(0);
    expect(counters.connected).toBe(1);
    await waitFor(() => counters.acked >= 2);
  });

  it('acks a command through to completion, once, and ignores an expired one', async () => {
    const credential = broker.addDevice();
    const id = credential.device_id;
    simSession(credential);
    await waitFor(() => broker.on(topics.hello(id)).length > 0);
    const command = {
      id: 5,
      type: 'command',
      args: { command: 'uptime' },
      expires_at: Date.now() + 60_000,
    };
    await broker.publish(topics.command(id), command);
    await waitFor(() => statuses(id, 5).includes('completed'));
    await broker.publish(topics.command(id), command);
    await broker.publish(topics.command(id), { ...command, id: 6, expires_at: Date.now() - 1 });
    await broker.publish(topics.command(id), { ...command, id: 7, args: { command: 'rm -rf /' } });
    await waitFor(() => statuses(id, 7).includes('rejected'));
    expect(statuses(id, 5)).toEqual(['received', 'completed']);
    expect(acks(id).find((a) => a.id === 5 && a.status === 'completed')?.result).toMatch(
      /load average/,
    );
    expect(statuses(id, 6)).toEqual([]);
  });

  it('acks a command failed when its exit code is not acceptable or it outlives its timeout', async () => {
    const credential = broker.addDevice();
    const id = credential.device_id;
    simSession(credential);
    await waitFor(() => broker.on(topics.hello(id)).length > 0);
    const expires_at = Date.now() + 60_000;
    await broker.publish(topics.command(id), {
      id: 21,
      type: 'command',
      args: { command: 'uptime', acceptable_codes: [1] },
      expires_at,
    });
    await broker.publish(topics.command(id), {
      id: 22,
      type: 'command',
      args: { command: 'ping -c 3 8.8.8.8', timeout: 1 },
      expires_at,
    });
    await waitFor(() => statuses(id, 22).includes('failed'), 4000);
    expect(statuses(id, 21)).toEqual(['received', 'failed']);
    expect(acks(id).find((a) => a.id === 21 && a.status === 'failed')).toMatchObject({
      message: 'Exit code 0',
      result: expect.stringMatching(/load average/),
    });
    expect(statuses(id, 22)).toEqual(['received', 'failed']);
    expect(acks(id).find((a) => a.id === 22 && a.status === 'failed')?.message).toBe(
      'Timed out after 1 s',
    );
  });

  it('answers the hotspot user commands with their results over MQTT', async () => {
    const credential = broker.addDevice();
    const id = credential.device_id;
    const withHotspot = Array.from({ length: 200 }, (_, i) => new SimDevice(i, 42)).find(
      (d) => d.capabilities.has_hotspot,
    );
    simSession(credential, withHotspot);
    await waitFor(() => broker.on(topics.hello(id)).length > 0);
    const expires_at = Date.now() + 60_000;
    await broker.publish(topics.command(id), {
      id: 11,
      type: 'hotspot_user_add',
      args: { index: 0, username: 'lobby', password: 'secret' },
      expires_at,
    });
    await waitFor(() => statuses(id, 11).includes('completed'));
    await broker.publish(topics.command(id), {
      id: 12,
      type: 'hotspot_users',
      args: { index: 0 },
      expires_at,
    });
    await waitFor(() => statuses(id, 12).includes('completed'));
    const result = acks(id).find((a) => a.id === 12 && a.status === 'completed')?.result;
    expect(hotspotUsersResultSchema.parse(JSON.parse(result ?? '')).users).toContainEqual({
      username: 'lobby',
    });
  });

  it('reboots: drops the connection (last will), comes back with uptime reset and completes', async () => {
    const credential = broker.addDevice();
    const id = credential.device_id;
    simSession(credential);
    await waitFor(() => broker.on(topics.hello(id)).length > 0);
    await broker.publish(topics.command(id), {
      id: 9,
      type: 'reboot',
      expires_at: Date.now() + 60_000,
    });
    await waitFor(() => statuses(id, 9).includes('completed'), 8000);
    expect(statuses(id, 9)).toEqual(['received', 'progress', 'completed']);
    const states = broker.on(topics.state(id)).map((s) => (s as { state: string }).state);
    expect(states).toEqual(['online', 'offline', 'online']);
    const hellos = broker.on(topics.hello(id)).map((h) => helloSchema.parse(h));
    expect(hellos).toHaveLength(2);
    expect(hellos[1]?.uptime).toBeLessThan(5);
    expect(hellos[0]?.uptime).toBeGreaterThan(60);
  });

  it('stops within its time limit when the broker never acknowledges the offline state', async () => {
    const credential = broker.addDevice();
    const id = credential.device_id;
    const { session } = simSession(credential);
    await waitFor(() => broker.on(topics.hello(id)).length > 0);
    broker.holdPublishes(topics.state(id));
    const started = Date.now();
    await session.stop(300);
    // The PUBACK wait (300 ms), then the connection is cut instead of ended cleanly.
    expect(Date.now() - started).toBeLessThan(1500);
    await waitFor(() => !broker.isConnected(credential.username));
  });

  it('reports why connecting failed: a CONNACK refusal, a closed connection', async () => {
    const failures: ConnectFailure[] = [];
    const { counters } = simSession(
      { device_id: 98, username: 'd98', password: 'wrong' },
      undefined,
      { onConnectFailed: (failure: ConnectFailure) => failures.push(failure) },
    );
    await waitFor(() => failures.length > 0);
    expect(failures).toEqual([{ kind: 'refused', code: 4 }]);
    expect(counters.connackRefusals).toBe(1);

    const credential = broker.addDevice();
    const dropped = simSession(credential, undefined, {
      onConnectFailed: (failure: ConnectFailure) => failures.push(failure),
    });
    await waitFor(() => dropped.counters.connected === 1);
    broker.dropClient(credential.username);
    await waitFor(() => dropped.counters.connectErrors === 1);
    expect(failures.at(-1)).toEqual({ kind: 'error', message: 'connection closed' });
  });

  it('reconnects after the broker drops it, and stops for good on a refused credential', async () => {
    const credential = broker.addDevice();
    const id = credential.device_id;
    simSession(credential);
    await waitFor(() => broker.on(topics.hello(id)).length > 0);
    await waitFor(() => broker.dropClient(credential.username));
    await waitFor(() => broker.on(topics.hello(id)).length === 2, 5000);

    let refused: number | null = null;
    const before = broker.authAttempts;
    simSession({ ...credential, device_id: 99, username: 'd99', password: 'wrong' }, undefined, {
      onRefused: (code: number) => (refused = code),
    });
    await waitFor(() => refused !== null);
    expect(refused).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(broker.authAttempts - before).toBe(1);
  });
});

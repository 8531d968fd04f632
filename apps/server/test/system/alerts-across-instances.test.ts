import { and, asc, eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@/app';
import { alertEvents, automations } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import {
  createPlayedGateway,
  insertSignalRule,
  startInstance,
  type PlayedGateway,
} from '@/modules/automation/automations/runtime/runtime.fixtures';
import { namespaceOf } from '@/modules/automation/automations/runtime/cluster/automation-cluster';
import { PARTITIONS } from '@/modules/automation/automations/runtime/cluster/partition-leases';
import { closeRedis, connectRedis } from '@/redis/client';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { insertDevice } from '@test/fake-gateway';
import { loginAs } from '@test/session';

// The integration tier (DATABASE_URL, REDIS_URL): two instances share PostgreSQL and Redis. MQTT
// shared subscriptions hand each message to either instance, which the played gateways stand in
// for: a device's readings reach both, and its rules must still be evaluated once.
const ready = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const HEARTBEAT_MS = 200;

let t: TestApp;
let redis: Redis;
let company: CompanyRow;
let owner: Awaited<ReturnType<typeof createUser>>;
const nodes: { app: App; gateway: PlayedGateway; open: boolean }[] = [];

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((wake) => setTimeout(wake, 50));
  }
};

const kindsOf = async (automationId: number, deviceId: number) =>
  (
    await t.db
      .select({ kind: alertEvents.kind })
      .from(alertEvents)
      .where(and(eq(alertEvents.automationId, automationId), eq(alertEvents.deviceId, deviceId)))
      .orderBy(asc(alertEvents.id))
  ).map((row) => row.kind);

/** Each partition's owner (null: none), as the leases in Redis say. */
const owners = () =>
  redis.mget(
    Array.from(
      { length: PARTITIONS },
      (_, i) => `${namespaceOf(t.jwtSecret)}:automations:partition:${i}`,
    ),
  );

const start = async () => {
  const gateway = createPlayedGateway();
  const app = await startInstance(t, gateway, { redis, automationHeartbeatMs: HEARTBEAT_MS });
  nodes.push({ app, gateway, open: true });
  return { app, gateway };
};

const newDevices = async (count: number) => {
  const list: Awaited<ReturnType<typeof insertDevice>>[] = [];
  for (let i = 0; i < count; i++) list.push(await insertDevice(t.db, company, { name: `C-${i}` }));
  return list;
};

beforeAll(async () => {
  if (!ready) return;
  t = await buildTestApp();
  redis = await connectRedis(process.env.REDIS_URL ?? '');
  company = await createCompany(t.db);
  owner = await createUser(t.db, 'admin', { company });
  await t.app.close();
});
afterAll(async () => {
  if (!ready) return;
  for (const node of nodes) if (node.open) await node.app.close();
  await closeRedis(redis);
  await t.close();
});

describe.skipIf(!ready)('alerts with two instances', () => {
  it('evaluates each device once, whichever instance receives its readings', async () => {
    const devices = await newDevices(4);
    const rules: { id: number }[] = [];
    for (const device of devices)
      rules.push(
        await insertSignalRule(t.db, {
          companyId: company.id,
          userId: owner.id,
          deviceId: device.id,
          actions: [],
        }),
      );
    const [a, b] = [await start(), await start()];
    // Both instances hold a share of the partitions, and every partition has an owner.
    const leases = await until(owners, (values) => {
      const distinct = new Set(values.filter(Boolean));
      return values.every(Boolean) && distinct.size === 2;
    });
    expect(new Set(leases.filter(Boolean)).size).toBe(2);

    // Each weak reading reaches one instance, alternately: one alert per device, not two.
    devices.forEach((device) => a.gateway.signal(device.id, -120));
    devices.forEach((device) => b.gateway.signal(device.id, -121));
    for (const [i, device] of devices.entries()) {
      const kinds = await until(
        () => kindsOf(rules[i]?.id ?? 0, device.id),
        (list) => list.length >= 1,
      );
      expect(kinds).toEqual(['fired']);
    }
    // And the recovery, through the other instance, resolves it once.
    devices.forEach((device) => b.gateway.signal(device.id, -80));
    devices.forEach((device) => a.gateway.signal(device.id, -79));
    for (const [i, device] of devices.entries()) {
      const kinds = await until(
        () => kindsOf(rules[i]?.id ?? 0, device.id),
        (list) => list.length >= 2,
      );
      expect(kinds).toEqual(['fired', 'resolved']);
    }
    // Nothing more arrives late (a duplicate would come within the writer's 250 ms).
    await new Promise((wake) => setTimeout(wake, 1000));
    for (const [i, device] of devices.entries())
      expect(await kindsOf(rules[i]?.id ?? 0, device.id)).toEqual(['fired', 'resolved']);
  });

  it('announces a rule change made on one instance to the other', async () => {
    const a = nodes[0];
    const b = nodes[1];
    if (!a || !b) throw new Error('the first test starts the instances');
    const [device] = await newDevices(1);
    const rule = await insertSignalRule(t.db, {
      companyId: company.id,
      userId: owner.id,
      deviceId: device?.id ?? 0,
      actions: [],
    });
    // Saved through instance A's API: B (and A) must reload, whichever owns the device.
    const session = await loginAs(a.app, owner);
    const response = await a.app.inject({
      method: 'PUT',
      url: `/api/automations/${rule.id}`,
      headers: session.headers,
      payload: { enabled: true, name: 'Weak signal, renamed' },
    });
    expect(response.statusCode).toBe(200);
    const [saved] = await t.db.select().from(automations).where(eq(automations.id, rule.id));
    expect(saved?.name).toBe('Weak signal, renamed');
    // The rule was loaded by both at start only if it existed then: it did not, so a fire shows
    // that the change reached the owner, whichever it is.
    await new Promise((wake) => setTimeout(wake, 600));
    b.gateway.signal(device?.id ?? 0, -125);
    a.gateway.signal(device?.id ?? 0, -125);
    const kinds = await until(
      () => kindsOf(rule.id, device?.id ?? 0),
      (list) => list.length >= 1,
    );
    expect(kinds).toEqual(['fired']);
  });

  it('hands a stopped instance’s devices to the other, keeping their open alerts open', async () => {
    const a = nodes[0];
    const b = nodes[1];
    if (!a || !b) throw new Error('the first test starts the instances');
    const [device] = await newDevices(1);
    const id = device?.id ?? 0;
    const rule = await insertSignalRule(t.db, {
      companyId: company.id,
      userId: owner.id,
      deviceId: id,
      actions: [],
    });
    const session = await loginAs(b.app, owner);
    await b.app.inject({
      method: 'PUT',
      url: `/api/automations/${rule.id}`,
      headers: session.headers,
      payload: { enabled: true },
    });
    await new Promise((wake) => setTimeout(wake, 600));
    a.gateway.signal(id, -125);
    await until(
      () => kindsOf(rule.id, id),
      (list) => list.length >= 1,
    );
    await a.app.close();
    a.open = false;
    // B takes every partition within a few heartbeats.
    await until(owners, (values) => new Set(values.filter(Boolean)).size === 1);
    await new Promise((wake) => setTimeout(wake, HEARTBEAT_MS * 3));
    b.gateway.signal(id, -126);
    await new Promise((wake) => setTimeout(wake, 600));
    expect(await kindsOf(rule.id, id)).toEqual(['fired']);
    b.gateway.signal(id, -70);
    const kinds = await until(
      () => kindsOf(rule.id, id),
      (list) => list.length >= 2,
    );
    expect(kinds).toEqual(['fired', 'resolved']);
  });
});

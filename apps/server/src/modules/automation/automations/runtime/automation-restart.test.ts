import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@/app';
import {
  alertEvents,
  automationAlerts,
  automationPending,
  automations,
  devices,
} from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { RESOLVE_REASONS } from '@/modules/automation/automations/engine/rule-types';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { insertDevice } from '@test/fake-gateway';
import {
  createPlayedGateway,
  eventually,
  insertSignalRule,
  startInstance,
} from './runtime.fixtures';

let t: TestApp;
let company: CompanyRow;
let ownerId: number;
const instances: App[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.db);
  ownerId = (await createUser(t.db, 'admin', { company })).id;
  await t.app.close();
});
afterAll(async () => {
  for (const app of instances) await app.close();
  await t.close();
});

const start = async (now?: () => Date) => {
  const gateway = createPlayedGateway();
  const app = await startInstance(t, gateway, now ? { now } : {});
  instances.push(app);
  return { gateway, app };
};

const ruleFor = async (name: string) => {
  const device = await insertDevice(t.db, company, { name });
  const rule = await insertSignalRule(t.db, {
    companyId: company.id,
    userId: ownerId,
    deviceId: device.id,
    actions: [],
  });
  return { device, rule };
};

const kindsOf = async (automationId: number) =>
  (
    await t.db
      .select({ kind: alertEvents.kind, reason: alertEvents.reason })
      .from(alertEvents)
      .where(eq(alertEvents.automationId, automationId))
      .orderBy(asc(alertEvents.id))
  ).map((row) => (row.reason ? `${row.kind} (${row.reason})` : row.kind));
const openCount = async (automationId: number) =>
  (
    await t.db
      .select()
      .from(automationAlerts)
      .where(eq(automationAlerts.automationId, automationId))
  ).length;
/** The latest dynamic reading the gateway keeps on the devices row. */
const storeLatest = (deviceId: number, signal: number) =>
  t.db
    .update(devices)
    .set({
      info: { dynamic: { uptime: 1, temperature: 400, modems: [{ modem: 1, sim: 1, signal }] } },
    })
    .where(eq(devices.id, deviceId));
const pause = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

describe('automations across a restart', () => {
  it('keeps open alerts open, resolves those cleared or switched off while down', async () => {
    const unknown = await ruleFor('RUT955-unknown');
    const stillLow = await ruleFor('RUT955-still-low');
    const cleared = await ruleFor('RUT955-cleared');
    const switchedOff = await ruleFor('RUT955-off');

    const first = await start();
    for (const { device } of [unknown, stillLow, cleared, switchedOff])
      first.gateway.signal(device.id, -118);
    for (const { rule } of [unknown, stillLow, cleared, switchedOff])
      expect(
        await eventually(
          () => kindsOf(rule.id),
          (kinds) => kinds.length === 1,
        ),
      ).toEqual(['fired']);
    await first.app.close();

    // While down: one device's stored reading is still low, another's recovered, a rule is off.
    await storeLatest(stillLow.device.id, -119);
    await storeLatest(cleared.device.id, -90);
    await storeLatest(switchedOff.device.id, -119);
    await t.db
      .update(automations)
      .set({ enabled: false })
      .where(eq(automations.id, switchedOff.rule.id));

    const second = await start();
    expect(
      await eventually(
        () => kindsOf(cleared.rule.id),
        (kinds) => kinds.length === 2,
      ),
    ).toEqual(['fired', `resolved (${RESOLVE_REASONS.clearedWhileDown})`]);
    expect(
      await eventually(
        () => kindsOf(switchedOff.rule.id),
        (kinds) => kinds.length === 2,
      ),
    ).toEqual(['fired', `resolved (${RESOLVE_REASONS.ruleRemoved})`]);
    expect(await openCount(cleared.rule.id)).toBe(0);
    expect(await openCount(switchedOff.rule.id)).toBe(0);

    // Still low, or not known: open, and the same low signal again fires nothing.
    second.gateway.signal(unknown.device.id, -118);
    second.gateway.signal(stillLow.device.id, -120);
    await pause(700);
    expect(await kindsOf(unknown.rule.id)).toEqual(['fired']);
    expect(await kindsOf(stillLow.rule.id)).toEqual(['fired']);
    expect(await openCount(unknown.rule.id)).toBe(1);
    expect(await openCount(stillLow.rule.id)).toBe(1);

    // The next good reading resolves the alert restored without values.
    second.gateway.signal(unknown.device.id, -95);
    expect(
      await eventually(
        () => kindsOf(unknown.rule.id),
        (kinds) => kinds.length === 2,
      ),
    ).toEqual(['fired', `resolved (${RESOLVE_REASONS.cleared})`]);
  });

  it('keeps a delay running across a restart: it fires when due, or is forgotten if it cleared', async () => {
    const t0 = Date.UTC(2026, 10, 30, 8);
    const delayed = async (name: string) => {
      const pair = await ruleFor(name);
      await t.db
        .update(automations)
        .set({ delayEnabled: true, delayDuration: 600 })
        .where(eq(automations.id, pair.rule.id));
      return pair;
    };
    const held = await delayed('RUT955-held');
    const recovered = await delayed('RUT955-recovered');
    const delays = () =>
      t.db
        .select()
        .from(automationPending)
        .where(inArray(automationPending.automationId, [held.rule.id, recovered.rule.id]));

    const first = await start(() => new Date(t0 + 60_000));
    for (const { device } of [held, recovered]) first.gateway.signal(device.id, -118, new Date(t0));
    // Stopping writes the checkpoint: both delays, with the time they started.
    await first.app.close();
    expect((await delays()).map((row) => row.since.getTime())).toEqual([t0, t0]);
    expect(await kindsOf(held.rule.id)).toEqual([]);

    await storeLatest(held.device.id, -119);
    await storeLatest(recovered.device.id, -90);
    // Back eleven minutes later: the ten-minute delay ran out while down.
    const second = await start(() => new Date(t0 + 11 * 60_000));
    expect(
      await eventually(
        () => kindsOf(held.rule.id),
        (kinds) => kinds.length === 1,
      ),
    ).toEqual(['fired']);
    await pause(300);
    expect(await kindsOf(recovered.rule.id)).toEqual([]);
    await second.app.close();
    // Nothing waits any more: the last checkpoint left no rows.
    expect(await delays()).toEqual([]);
  });
});

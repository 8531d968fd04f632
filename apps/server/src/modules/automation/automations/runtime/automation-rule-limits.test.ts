import type { ConditionsBody } from '@netfleet/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@/app';
import {
  alertActions,
  alertEvents,
  automationAlerts,
  automationDevices,
  automations,
} from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { insertDevice } from '@test/fake-gateway';
import { loginAs } from '@test/session';
import {
  createPlayedGateway,
  eventually,
  insertSignalRule,
  startInstance,
} from './runtime.fixtures';
import { createTriggerCountsRepository } from './trigger-counts.repository';
import { TRIGGER_LIMIT_MESSAGES, utcDayStart } from './trigger-limits';

let t: TestApp;
let app: App;
let company: CompanyRow;
let owner: Awaited<ReturnType<typeof createUser>>;
const gateway = createPlayedGateway();
const rules: Record<string, { ruleId: number; deviceId: number }> = {};
const notify = (message: string) => ({
  name: 'SendNotification' as const,
  options: { message, receiving_users: [String(owner.id)] },
});

const ruleWith = async (
  key: string,
  values: { periodTriggerLimit?: number; conditionsBody?: ConditionsBody } = {},
) => {
  const device = await insertDevice(t.db, company, { name: `RUT955-${key}` });
  const rule = await insertSignalRule(t.db, {
    companyId: company.id,
    userId: owner.id,
    deviceId: device.id,
    actions: [notify(key)],
  });
  if (Object.keys(values).length > 0)
    await t.db.update(automations).set(values).where(eq(automations.id, rule.id));
  rules[key] = { ruleId: rule.id, deviceId: device.id };
};

const eventsOf = (ruleId: number | null, deviceId: number) =>
  t.db
    .select()
    .from(alertEvents)
    .where(
      and(
        ruleId === null ? isNull(alertEvents.automationId) : eq(alertEvents.automationId, ruleId),
        eq(alertEvents.deviceId, deviceId),
      ),
    )
    .orderBy(asc(alertEvents.id));
const actionsOf = (eventId: number) =>
  t.db
    .select()
    .from(alertActions)
    .where(eq(alertActions.eventId, eventId))
    .orderBy(asc(alertActions.id));

/** Plays a reading and waits for the rule's `count`th event to be written and finished. */
const play = async (key: string, signal: number, count: number) => {
  const { ruleId, deviceId } = rules[key] ?? { ruleId: 0, deviceId: 0 };
  gateway.signal(deviceId, signal);
  const events = await eventually(
    () => eventsOf(ruleId, deviceId),
    (rows) => rows.length === count && rows.every((row) => row.overallStatus !== 'pending'),
  );
  const event = events.at(-1);
  return { event, actions: await actionsOf(event?.id ?? 0) };
};

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.db);
  owner = await createUser(t.db, 'admin', { company });
  await ruleWith('limited', { periodTriggerLimit: 1 });
  await ruleWith('nested', {
    conditionsBody: [
      {
        type: 'if',
        expression: [{ parameter: 'signal', operator: '<', value: -110, joins_with: undefined }],
        actions: [notify('top')],
        conditions: [
          {
            type: 'if',
            // The played reading says 400 deci-degrees: 40 °C.
            expression: [
              { parameter: 'temperature', operator: '>', value: 30, joins_with: undefined },
            ],
            actions: [notify('hot')],
          },
          { type: 'else', expression: [], actions: [{ name: 'Reboot' }] },
        ],
      },
    ] as ConditionsBody,
  });
  await ruleWith('removed');
  await t.app.close();
  app = await startInstance(t, gateway);
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('daily trigger limit', () => {
  it('writes fires over the limit with their actions skipped, and does not count them', async () => {
    const first = await play('limited', -120, 1);
    expect(first.event?.overallStatus).toBe('success');
    await play('limited', -90, 2);
    const second = await play('limited', -120, 3);
    const reached = TRIGGER_LIMIT_MESSAGES.reached(1);
    expect(second.event).toMatchObject({ kind: 'fired', overallStatus: 'skipped' });
    expect(second.actions).toMatchObject([{ status: 'skipped', error: reached, attempts: 0 }]);
    // Its resolve tells of nothing nobody was told about.
    const resolved = await play('limited', -90, 4);
    expect(resolved.event).toMatchObject({ kind: 'resolved', overallStatus: 'skipped' });
    expect(resolved.actions).toMatchObject([{ status: 'skipped', error: reached }]);

    const { ruleId, deviceId } = rules.limited ?? { ruleId: 0, deviceId: 0 };
    const today = utcDayStart(new Date());
    const [pair] = await t.db
      .select()
      .from(automationDevices)
      .where(eq(automationDevices.automationId, ruleId));
    expect(pair).toMatchObject({
      deviceId,
      periodTriggeredCount: 1,
      totalTriggeredCount: 1,
      periodLatestReset: today,
    });
    const [rule] = await t.db.select().from(automations).where(eq(automations.id, ruleId));
    // A rule made today was last reset when it was made.
    expect(rule?.periodTriggeredCount).toBe(1);
    expect(rule?.periodLatestReset.getTime()).toBeGreaterThanOrEqual(today.getTime());
  });

  it('starts the stored period counters again on a new UTC day', async () => {
    const { ruleId } = rules.limited ?? { ruleId: 0 };
    const tomorrow = new Date(utcDayStart(new Date()).getTime() + 86_400_000);
    await createTriggerCountsRepository(t.db).resetBefore(tomorrow);
    const [pair] = await t.db
      .select()
      .from(automationDevices)
      .where(eq(automationDevices.automationId, ruleId));
    expect(pair).toMatchObject({ periodTriggeredCount: 0, totalTriggeredCount: 1 });
    expect(pair?.periodLatestReset).toEqual(tomorrow);
    const [rule] = await t.db.select().from(automations).where(eq(automations.id, ruleId));
    expect(rule).toMatchObject({ periodTriggeredCount: 0, periodLatestReset: tomorrow });
  });
});

describe('period_trigger_limit through the API', () => {
  it('is set, answered and cleared (netfleet: RMS answers it only)', async () => {
    const { ruleId } = rules.nested ?? { ruleId: 0 };
    const session = await loginAs(app, owner);
    const put = (period_trigger_limit: number | null) =>
      app.inject({
        method: 'PUT',
        url: `/api/automations/${ruleId}`,
        headers: session.headers,
        payload: { period_trigger_limit },
      });
    const limitOf = async () =>
      (
        (
          await app.inject({
            method: 'GET',
            url: `/api/automations/${ruleId}`,
            headers: session.headers,
          })
        ).json() as { data: { period_trigger_limit: number | null } }
      ).data.period_trigger_limit;
    expect((await put(5)).statusCode).toBe(200);
    expect(await limitOf()).toBe(5);
    expect((await put(0)).statusCode).toBe(422);
    expect((await put(null)).statusCode).toBe(200);
    expect(await limitOf()).toBeNull();
  });
});

describe('nested conditions', () => {
  it('runs the top actions and the branch that holds, and logs each condition', async () => {
    const { event, actions } = await play('nested', -120, 1);
    expect(event?.evaluatedConditions).toEqual([
      { key: 'cond_0', value: true },
      { key: 'cond_1', value: true },
      { key: 'cond_2', value: false },
    ]);
    expect(event?.evaluatedParameters).toEqual([
      { key: 'signal', value: -120 },
      { key: 'temperature', value: 40 },
    ]);
    expect(actions.map((action) => [action.name, action.options.message])).toEqual([
      ['SendNotification', 'top'],
      ['SendNotification', 'hot'],
    ]);
  });
});

describe('deleting a rule', () => {
  it('resolves its open alerts, whose history stays', async () => {
    const { ruleId, deviceId } = rules.removed ?? { ruleId: 0, deviceId: 0 };
    await play('removed', -120, 1);
    const session = await loginAs(app, owner);
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/automations/${ruleId}`,
      headers: session.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const events = await eventsOf(null, deviceId);
    expect(
      events.map(({ kind, reason, overallStatus }) => ({ kind, reason, overallStatus })),
    ).toEqual([
      { kind: 'fired', reason: null, overallStatus: 'success' },
      { kind: 'resolved', reason: 'Automation removed', overallStatus: 'success' },
    ]);
    expect(events[1]?.message).toBe('Resolved: RUT955-removed: Weak signal — signal -120 dBm');
    expect(
      await t.db.select().from(automationAlerts).where(eq(automationAlerts.deviceId, deviceId)),
    ).toEqual([]);
  });
});

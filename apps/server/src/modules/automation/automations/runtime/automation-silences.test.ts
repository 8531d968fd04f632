import { AUTOMATION_SILENCE_MESSAGES, toApiDate } from '@netfleet/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@/app';
import { alertActions, alertEvents } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { insertDevice } from '@test/fake-gateway';
import { loginAs } from '@test/session';
import { rmsDate } from './alert-messages';
import {
  createPlayedGateway,
  eventually,
  insertSignalRule,
  startInstance,
} from './runtime.fixtures';

// Silences in the live evaluation (design §4.7): evaluated and logged, actions skipped; alerts
// still open when the window ends notify once.

let t: TestApp;
let app: App;
let company: CompanyRow;
let owner: Awaited<ReturnType<typeof createUser>>;
let device: Awaited<ReturnType<typeof insertDevice>>;
let loud: Awaited<ReturnType<typeof insertDevice>>;
let rule: Awaited<ReturnType<typeof insertSignalRule>>;
let loudRule: Awaited<ReturnType<typeof insertSignalRule>>;
let night: Awaited<ReturnType<typeof insertDevice>>;
let nightRule: Awaited<ReturnType<typeof insertSignalRule>>;
const gateway = createPlayedGateway();
const notify = (userId: number) => [
  {
    name: 'SendNotification' as const,
    options: { message: 'Check', receiving_users: [String(userId)] },
  },
];

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.db);
  owner = await createUser(t.db, 'admin', { company });
  device = await insertDevice(t.db, company, { name: 'RUT-QUIET' });
  loud = await insertDevice(t.db, company, { name: 'RUT-LOUD' });
  rule = await insertSignalRule(t.db, {
    companyId: company.id,
    userId: owner.id,
    deviceId: device.id,
    actions: notify(owner.id),
  });
  loudRule = await insertSignalRule(t.db, {
    companyId: company.id,
    userId: owner.id,
    deviceId: loud.id,
    actions: notify(owner.id),
  });
  night = await insertDevice(t.db, company, { name: 'RUT-NIGHT' });
  nightRule = await insertSignalRule(t.db, {
    companyId: company.id,
    userId: owner.id,
    deviceId: night.id,
    actions: notify(owner.id),
  });
  await t.app.close();
  app = await startInstance(t, gateway);
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const eventsOf = (automationId: number) =>
  t.db
    .select()
    .from(alertEvents)
    .where(eq(alertEvents.automationId, automationId))
    .orderBy(asc(alertEvents.id));
const actionsOf = (eventId: number) =>
  t.db.select().from(alertActions).where(eq(alertActions.eventId, eventId));
/** A silence of `deviceId` from a minute ago to 3–4 s from now; answers its end. */
const silence = async (deviceId: number, extra: object = {}) => {
  const session = await loginAs(app, owner);
  // Whole seconds: the API's dates have no fractions.
  const ends = new Date(Math.floor(Date.now() / 1000) * 1000 + 4000);
  const created = await app.inject({
    method: 'POST',
    url: '/api/automations/silences',
    headers: session.headers,
    payload: {
      name: 'Antenna work',
      device_ids: [deviceId],
      starts_at: toApiDate(new Date(Date.now() - 60_000)),
      ends_at: toApiDate(ends),
      ...extra,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  // The runtime reloads its silences shortly after the write.
  await new Promise((wake) => setTimeout(wake, 600));
  return ends;
};

describe('silences in the live evaluation', () => {
  it('logs a silenced alert with its actions skipped, and renotifies it after the window', async () => {
    const ends = await silence(device.id);

    gateway.signal(device.id, -118);
    gateway.signal(loud.id, -118);
    const [fired] = await eventually(
      () => eventsOf(rule.id),
      (rows) => rows.length > 0,
    );
    expect(fired).toMatchObject({ kind: 'fired', silenced: true, overallStatus: 'skipped' });
    const skipped = await actionsOf(fired?.id ?? 0);
    expect(skipped).toMatchObject([
      {
        name: 'SendNotification',
        status: 'skipped',
        error: AUTOMATION_SILENCE_MESSAGES.skipped('Antenna work', rmsDate(ends)),
      },
    ]);
    expect(skipped[0]?.error).toBe(`Silenced by "Antenna work" until ${rmsDate(ends)} UTC`);
    // A device the silence does not name fires as usual.
    const [other] = await eventually(
      () => eventsOf(loudRule.id),
      (rows) => rows[0]?.overallStatus === 'success',
    );
    expect(other).toMatchObject({ kind: 'fired', silenced: false });

    // The window ends with the alert still open: one renotify, with its actions run.
    const rows = await eventually(
      () => eventsOf(rule.id),
      (events) => events[1]?.overallStatus === 'success',
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ kind: 'renotify', silenced: false });
    expect(rows[1]?.createdAt.getTime()).toBeGreaterThanOrEqual(ends.getTime());
    expect(rows[1]?.message).toMatch(/^Still: RUT-QUIET: Weak signal — signal -118 dBm/);
    expect(await actionsOf(rows[1]?.id ?? 0)).toMatchObject([
      { name: 'SendNotification', status: 'done' },
    ]);
    await new Promise((wake) => setTimeout(wake, 400));
    expect(await eventsOf(rule.id)).toHaveLength(2);
  }, 15_000);

  it('sends nothing after a window without notify_after', async () => {
    const ends = await silence(night.id, { name: 'Quiet night', notify_after: false });
    gateway.signal(night.id, -118);
    const [fired] = await eventually(
      () => eventsOf(nightRule.id),
      (rows) => rows.length > 0,
    );
    expect(fired).toMatchObject({ silenced: true, overallStatus: 'skipped' });
    await new Promise((wake) => setTimeout(wake, ends.getTime() - Date.now() + 1000));
    expect(await eventsOf(nightRule.id)).toHaveLength(1);
  }, 15_000);
});

import { userChannel } from '@netfleet/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@/app';
import {
  alertActions,
  alertEvents,
  automationAlerts,
  automationDevices,
  automations,
  notifications,
} from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { insertDevice } from '@test/fake-gateway';
import { loginAs } from '@test/session';
import { type SmtpSink, startSmtpSink } from '@test/smtp-sink';
import { collect, connectSocket, listen, subscribe } from '@test/sockets';
import { ruleBody } from '@/modules/automation/automations/automations.fixtures';
import { ACTION_RUN_MESSAGES } from './action-permissions';
import {
  createPlayedGateway,
  eventually,
  insertSignalRule,
  startInstance,
} from './runtime.fixtures';

const OPS = 'ops@example.test';

let sink: SmtpSink;
let t: TestApp;
let app: App;
let company: CompanyRow;
let owner: Awaited<ReturnType<typeof createUser>>;
let guest: Awaited<ReturnType<typeof createUser>>;
let device: Awaited<ReturnType<typeof insertDevice>>;
let guestDevice: Awaited<ReturnType<typeof insertDevice>>;
let rule: Awaited<ReturnType<typeof insertSignalRule>>;
let guestRule: Awaited<ReturnType<typeof insertSignalRule>>;
const gateway = createPlayedGateway();

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ smtpUrl: sink.url });
  company = await createCompany(t.db);
  owner = await createUser(t.db, 'admin', { company });
  guest = await createUser(t.db, 'read_only', { company });
  device = await insertDevice(t.db, company, { name: 'RUTX11-0001', model: 'RUTX11' });
  guestDevice = await insertDevice(t.db, company, { name: 'RUTX11-0002', model: 'RUTX11' });
  rule = await insertSignalRule(t.db, {
    companyId: company.id,
    userId: owner.id,
    deviceId: device.id,
    actions: [
      {
        name: 'SendNotification',
        options: { message: 'Check the antenna', receiving_users: [String(owner.id)] },
      },
      {
        name: 'SendEmail',
        options: {
          subject: '%rn: %et',
          message: 'Router %rn; %ex; at %ts',
          receiving_emails: [OPS],
        },
      },
    ],
  });
  guestRule = await insertSignalRule(t.db, {
    companyId: company.id,
    userId: guest.id,
    deviceId: guestDevice.id,
    actions: [
      {
        name: 'SendNotification',
        options: { message: 'Check', receiving_users: [guest.email] },
      },
    ],
  });
  // The first instance only migrated and seeded; this one starts with the rules in place.
  await t.app.close();
  app = await startInstance(t, gateway);
});
afterAll(async () => {
  await app.close();
  await t.close();
  await sink.close();
});

const eventsOf = (automationId: number) =>
  t.db
    .select()
    .from(alertEvents)
    .where(eq(alertEvents.automationId, automationId))
    .orderBy(asc(alertEvents.id));
const openOf = (automationId: number) =>
  t.db.select().from(automationAlerts).where(eq(automationAlerts.automationId, automationId));
const actionsOf = (eventId: number) =>
  t.db
    .select()
    .from(alertActions)
    .where(eq(alertActions.eventId, eventId))
    .orderBy(asc(alertActions.id));
const notificationsOf = (userId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));

describe('live automations', () => {
  it('fires on a weak signal, keeps the alert open within the hysteresis, resolves past it', async () => {
    const url = await listen(app);
    const session = await loginAs(app, owner);
    const socket = await connectSocket(url, { cookie: session.cookie });
    try {
      expect(await subscribe(socket, userChannel(owner.id))).toEqual({ success: true });
      const live = collect(socket, 'WebNotificationCreated');

      gateway.signal(device.id, -118);
      const fired = await eventually(
        () => eventsOf(rule.id),
        (rows) => rows[0]?.overallStatus === 'success',
      );
      expect(fired).toHaveLength(1);
      expect(fired[0]).toMatchObject({
        source: 'automation',
        kind: 'fired',
        deviceId: device.id,
        companyId: company.id,
        revision: 1,
        message: 'RUTX11-0001: Weak signal — signal -118 dBm',
        evaluatedParameters: [{ key: 'signal', value: -118 }],
        evaluatedConditions: [{ key: 'cond_0', value: true }],
      });
      expect(fired[0]?.evaluationId).toMatch(/^[0-9a-f]{16}$/);
      expect(await openOf(rule.id)).toMatchObject([
        { deviceId: device.id, firedEventId: fired[0]?.id, firedValues: { signal: -118 } },
      ]);
      const actions = await actionsOf(fired[0]?.id ?? 0);
      expect(actions.map(({ name, status, attempts }) => ({ name, status, attempts }))).toEqual([
        { name: 'SendNotification', status: 'done', attempts: 1 },
        { name: 'SendEmail', status: 'done', attempts: 1 },
      ]);
      const [notification] = await notificationsOf(owner.id);
      expect(notification).toMatchObject({
        type: 'deviceAlert',
        summary: 'RUTX11-0001: Weak signal — signal -118 dBm: Check the antenna',
      });
      expect(actions[0]?.ref).toEqual({ notification_ids: [notification?.id] });
      const [pushed] = await live.until(1);
      expect(pushed?.notification).toMatchObject({ id: notification?.id, type: 'deviceAlert' });
      const mail = sink.last(OPS);
      expect(mail?.subject).toBe('RUTX11-0001: Alert');
      expect(mail?.text).toMatch(
        /^Router RUTX11-0001; RUTX11-0001: Weak signal — signal -118 dBm; at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/,
      );
      const [counted] = await t.db.select().from(automations).where(eq(automations.id, rule.id));
      expect(counted).toMatchObject({ totalTriggeredCount: 1, periodTriggeredCount: 1 });
      const [perDevice] = await t.db
        .select()
        .from(automationDevices)
        .where(eq(automationDevices.automationId, rule.id));
      expect(perDevice).toMatchObject({ assigned: true, totalTriggeredCount: 1 });

      // -108 is above -110 but not past the hysteresis (-107): still open, nothing written.
      gateway.signal(device.id, -108);
      await new Promise((wake) => setTimeout(wake, 600));
      expect(await eventsOf(rule.id)).toHaveLength(1);
      expect(await openOf(rule.id)).toHaveLength(1);

      gateway.signal(device.id, -100);
      const resolved = await eventually(
        () => eventsOf(rule.id),
        (rows) => rows[1]?.overallStatus === 'success',
      );
      expect(resolved[1]).toMatchObject({
        kind: 'resolved',
        message: 'Resolved: RUTX11-0001: Weak signal — signal -100 dBm',
        evaluatedConditions: [{ key: 'cond_0', value: false }],
        reason: 'cleared',
      });
      expect(await openOf(rule.id)).toEqual([]);
      const resolvedActions = await actionsOf(resolved[1]?.id ?? 0);
      expect(resolvedActions.map((action) => action.status)).toEqual(['done', 'done']);
      expect((await notificationsOf(owner.id)).at(-1)?.summary).toMatch(/^Resolved: RUTX11-0001/);
      await live.until(2);
      expect(sink.last(OPS)?.subject).toBe('Resolved: RUTX11-0001: Alert resolved');
      // Counters count fires only.
      const [after] = await t.db.select().from(automations).where(eq(automations.id, rule.id));
      expect(after?.totalTriggeredCount).toBe(1);
    } finally {
      socket.close();
    }
  });

  it('fails the actions of an owner who may not manage automations, with the reason', async () => {
    gateway.signal(guestDevice.id, -120);
    const [event] = await eventually(
      () => eventsOf(guestRule.id),
      (rows) => rows[0]?.overallStatus === 'failed',
    );
    expect(event).toMatchObject({ kind: 'fired', overallStatus: 'failed' });
    const [action] = await actionsOf(event?.id ?? 0);
    expect(action).toMatchObject({
      name: 'SendNotification',
      status: 'failed',
      attempts: 1,
      error: ACTION_RUN_MESSAGES.forbidden(
        'SendNotification',
        'manage_device_alert_configurations',
      ),
    });
    expect(action?.finishedAt).not.toBeNull();
    expect(await notificationsOf(guest.id)).toEqual([]);
  });

  it('picks up rules and assignments written through the API, and their per-device switch', async () => {
    const session = await loginAs(app, owner);
    const inject = (method: 'POST' | 'PUT', url: string, payload: object) =>
      app.inject({ method, url, headers: session.headers, payload });
    const third = await insertDevice(t.db, company, { name: 'RUTX11-0003' });
    const created = await inject('POST', '/api/automations', {
      ...ruleBody({ cooldown_enabled: false, cooldown_duration: 0 }),
      company_id: company.id,
    });
    expect(created.statusCode).toBe(200);
    const id = Number(created.json().data.id);
    const assigned = await inject('PUT', '/api/automations/devices/assign', {
      data: [{ automation_id: id, device_id: [third.id] }],
    });
    expect(assigned.statusCode).toBe(200);
    // The runtime reloads shortly after the writes (debounced).
    await new Promise((wake) => setTimeout(wake, 600));
    gateway.signal(third.id, -115);
    const [fired] = await eventually(
      () => eventsOf(id),
      (rows) => rows.length === 1,
    );
    expect(fired).toMatchObject({ kind: 'fired', deviceId: third.id, overallStatus: 'success' });

    const off = await inject('PUT', `/api/automations/${id}/devices/activation`, [
      { enable: false, devices: [third.id] },
    ]);
    expect(off.statusCode).toBe(200);
    const rows = await eventually(
      () => eventsOf(id),
      (all) => all.length === 2,
    );
    expect(rows[1]).toMatchObject({ kind: 'resolved', reason: 'out of scope' });
    expect(await openOf(id)).toEqual([]);
  });
});

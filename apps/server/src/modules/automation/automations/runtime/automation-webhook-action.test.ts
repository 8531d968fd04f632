import { WEBHOOK_MAX_ATTEMPTS } from '@netfleet/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@/app';
import { alertActions, alertEvents, webhookDeliveries, webhooks } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { insertDevice } from '@test/fake-gateway';
import { startWebhookReceiver, type WebhookReceiver } from '@test/webhook-receiver';
import { createPlayedGateway, insertSignalRule, startInstance } from './runtime.fixtures';

// The webhook worker and the action runner poll on real timers but decide on this clock, so a
// test moves it past each retry's backoff instead of waiting for it.
let ahead = 0;
const now = () => new Date(Date.now() + ahead);

let t: TestApp;
let app: App;
let company: CompanyRow;
let receiver: WebhookReceiver;
const gateway = createPlayedGateway();
const rules: Record<string, { ruleId: number; deviceId: number; webhookId: number }> = {};

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((wake) => setTimeout(wake, 100));
  }
};

const ruleWith = async (key: string, ownerId: number, hookOwnerId: number) => {
  const [hook] = await t.db
    .insert(webhooks)
    .values({
      ownerUserId: hookOwnerId,
      companyId: company.id,
      url: receiver.url,
      // Subscribed to nothing in particular: the action names the webhook.
      events: ['status.update'],
      enabled: true,
      secret: 'a'.repeat(64),
    })
    .returning();
  const device = await insertDevice(t.db, company, { name: `RUT955-${key}` });
  const rule = await insertSignalRule(t.db, {
    companyId: company.id,
    userId: ownerId,
    deviceId: device.id,
    actions: [{ name: 'SendWebhook', options: { webhook_id: hook?.id ?? 0 } }],
  });
  rules[key] = { ruleId: rule.id, deviceId: device.id, webhookId: hook?.id ?? 0 };
};

const eventsOf = (ruleId: number) =>
  t.db
    .select()
    .from(alertEvents)
    .where(eq(alertEvents.automationId, ruleId))
    .orderBy(asc(alertEvents.id));
/** Attempts recorded on the webhook's newest delivery. */
const attemptsRecorded = async (webhookId: number) => {
  const [row] = await t.db
    .select({ attempts: webhookDeliveries.attempts })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(1);
  return row?.attempts ?? 0;
};
const actionsOf = (eventId: number) =>
  t.db.select().from(alertActions).where(eq(alertActions.eventId, eventId));

/** Fires the rule (again, after a resolve) and waits until its newest event finished. */
const fire = async (key: string, count: number) => {
  const { ruleId, deviceId } = rules[key] ?? { ruleId: 0, deviceId: 0 };
  gateway.signal(deviceId, -120);
  const events = await until(
    () => eventsOf(ruleId),
    (rows) => rows.filter((row) => row.kind === 'fired').length === count,
  );
  const event = events.filter((row) => row.kind === 'fired').at(-1);
  const finished = await until(
    () => eventsOf(ruleId).then((rows) => rows.find((row) => row.id === event?.id)),
    (row) => row?.overallStatus !== 'pending',
  );
  const [action] = await actionsOf(event?.id ?? 0);
  return { event: finished, action };
};

beforeAll(async () => {
  t = await buildTestApp({ webhookAllowPrivateNetworks: true });
  receiver = await startWebhookReceiver();
  company = await createCompany(t.db);
  const owner = await createUser(t.db, 'admin', { company });
  const other = await createUser(t.db, 'admin', { company });
  await ruleWith('own', owner.id, owner.id);
  await ruleWith('foreign', owner.id, other.id);
  await t.app.close();
  app = await startInstance(t, gateway, { now, deliverWebhooks: true, alertActionSweepMs: 500 });
});
afterAll(async () => {
  await app.close();
  await t.close();
  await receiver.close();
});

describe('SendWebhook action', () => {
  it('posts a signed automation.alert to the owner’s webhook and follows the delivery', async () => {
    const { event, action } = await fire('own', 1);
    expect(event?.overallStatus).toBe('success');
    const [delivery] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, rules.own?.webhookId ?? 0));
    expect(delivery).toMatchObject({ event: 'automation.alert', status: 'delivered' });
    expect(action).toMatchObject({
      status: 'done',
      attempts: 1,
      ref: { webhook_delivery_id: delivery?.id, response_code: 200 },
    });
    const request = receiver.received.at(-1);
    expect(request?.headers['x-netfleet-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const body = JSON.parse(request?.body ?? '{}') as { event: string; data: object };
    expect(body.event).toBe('automation.alert');
    expect(body.data).toMatchObject({
      automation_id: rules.own?.ruleId,
      automation_name: 'Weak signal',
      device_id: rules.own?.deviceId,
      device_name: 'RUT955-own',
      kind: 'fired',
      evaluated_parameters: [{ key: 'signal', value: -120 }],
      message: 'RUT955-own: Weak signal — signal -120 dBm',
      evaluation_id: event?.evaluationId,
    });
    expect(typeof (body.data as { serial: unknown }).serial).toBe('string');
  });

  it('fails when the webhook is not the owner’s, without enqueueing anything', async () => {
    const { event, action } = await fire('foreign', 1);
    expect(action).toMatchObject({
      status: 'failed',
      error: `Webhook ${rules.foreign?.webhookId} not found`,
    });
    expect(event?.overallStatus).toBe('failed');
    const deliveries = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, rules.foreign?.webhookId ?? 0));
    expect(deliveries).toEqual([]);
  });

  it(
    'logs the failed delivery on the action after the worker’s retries; the next fire still runs',
    {
      timeout: 90_000,
    },
    async () => {
      const { deviceId, ruleId } = rules.own ?? { deviceId: 0, ruleId: 0 };
      gateway.signal(deviceId, -90);
      await until(
        () => eventsOf(ruleId),
        (rows) => rows.some((row) => row.kind === 'resolved' && row.overallStatus === 'success'),
      );
      // The resolve tells the webhook too.
      const resolved = JSON.parse(receiver.received.at(-1)?.body ?? '{}') as { data: object };
      expect(resolved.data).toMatchObject({ kind: 'resolved', device_id: deviceId });
      receiver.answer(...Array<number>(WEBHOOK_MAX_ATTEMPTS).fill(500));
      const sent = receiver.received.length;
      gateway.signal(deviceId, -120);
      for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt += 1) {
        await until(
          async () => receiver.received.length,
          (length) => length >= sent + attempt,
        );
        // The clock moves only once the attempt's outcome is recorded: moved before, the outcome
        // would schedule the retry a backoff after the moved clock, and it would wait for the next.
        await until(
          () => attemptsRecorded(rules.own?.webhookId ?? 0),
          (attempts) => attempts >= attempt,
        );
        // Past the backoff of the attempt just made (30 s doubling; a day covers them all).
        ahead += 86_400_000;
      }
      // The clock goes on, so a look the action scheduled for later (the last outcome may have
      // been recorded just after it looked) comes.
      const events = await until(
        () => {
          ahead += 120_000;
          return eventsOf(ruleId);
        },
        (rows) => rows.at(-1)?.kind === 'fired' && rows.at(-1)?.overallStatus !== 'pending',
      );
      const failed = events.at(-1);
      const [action] = await actionsOf(failed?.id ?? 0);
      expect(failed?.overallStatus).toBe('failed');
      expect(action).toMatchObject({
        status: 'failed',
        attempts: 1,
        error: `Webhook delivery failed after ${WEBHOOK_MAX_ATTEMPTS} attempts: HTTP 500`,
      });
      expect(receiver.received.length).toBe(sent + WEBHOOK_MAX_ATTEMPTS);

      gateway.signal(deviceId, -90);
      await until(
        () => eventsOf(ruleId),
        (rows) => rows.at(-1)?.kind === 'resolved',
      );
      const next = await fire('own', 3);
      expect(next.event?.overallStatus).toBe('success');
      expect(next.action?.status).toBe('done');
    },
  );
});

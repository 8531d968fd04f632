import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@/app';
import { alertActions, alertEvents, deviceJobs, notifications } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { createMailRepository } from '@/modules/system/mail/mail.repository';
import { SUPPRESSED_MESSAGE } from '@/modules/system/mail/mail.service';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { insertDevice } from '@test/fake-gateway';
import { actionOutcome } from './action-runner';
import {
  createPlayedGateway,
  eventually,
  insertSignalRule,
  startInstance,
} from './runtime.fixtures';

const GONE = 'gone@example.test';

let t: TestApp;
let app: App;
let company: CompanyRow;
let ownerId: number;
const gateway = createPlayedGateway();
const rules: Record<string, { ruleId: number; deviceId: number }> = {};

const ruleWith = async (
  key: string,
  actions: Parameters<typeof insertSignalRule>[1]['actions'],
) => {
  const device = await insertDevice(t.db, company, { name: `RUT955-${key}` });
  const rule = await insertSignalRule(t.db, {
    companyId: company.id,
    userId: ownerId,
    deviceId: device.id,
    actions,
  });
  rules[key] = { ruleId: rule.id, deviceId: device.id };
};

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.db);
  ownerId = (await createUser(t.db, 'admin', { company })).id;
  await createMailRepository(t.db).suppress(GONE, 'test');
  await ruleWith('reboot', [{ name: 'Reboot' }]);
  await ruleWith('mixed', [
    { name: 'SendNotification', options: { message: 'x', receiving_users: [String(ownerId)] } },
    { name: 'SendEmail', options: { subject: 's', message: 'm', receiving_emails: [GONE] } },
    { name: 'SendNotification', options: { message: 'x', receiving_users: ['nobody@x.test'] } },
    { name: 'TaskManagerAction', options: { task_group_id: '1' } },
    { name: 'SendNotification', options: { message: 'y', receiving_users: [String(ownerId)] } },
  ]);
  await t.app.close();
  app = await startInstance(t, gateway);
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const fire = async (key: string) => {
  const { ruleId, deviceId } = rules[key] ?? { ruleId: 0, deviceId: 0 };
  gateway.signal(deviceId, -120);
  const [event] = await eventually(
    () => t.db.select().from(alertEvents).where(eq(alertEvents.automationId, ruleId)),
    (rows) => rows.length === 1 && rows[0]?.overallStatus !== 'pending',
  );
  const actions = await t.db
    .select()
    .from(alertActions)
    .where(eq(alertActions.eventId, event?.id ?? 0))
    .orderBy(asc(alertActions.id));
  return { event, actions, deviceId };
};

describe('alert actions', () => {
  it('reboots the device as a durable job of the owner', async () => {
    const { event, actions, deviceId } = await fire('reboot');
    expect(event?.overallStatus).toBe('success');
    const [job] = await t.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, deviceId));
    expect(job).toMatchObject({ type: 'reboot', userId: ownerId });
    expect(actions[0]).toMatchObject({ status: 'done', ref: { job_id: job?.id } });
  });

  it('fails what cannot run at once, and rolls the event up as partial', async () => {
    const { event, actions } = await fire('mixed');
    expect(actions.map(({ status, error }) => ({ status, error }))).toEqual([
      { status: 'done', error: null },
      { status: 'failed', error: SUPPRESSED_MESSAGE },
      { status: 'failed', error: 'User nobody@x.test not found' },
      { status: 'failed', error: 'Task group not found' },
      { status: 'done', error: null },
    ]);
    expect(actions.every((action) => action.attempts === 1)).toBe(true);
    expect(event?.overallStatus).toBe('partial');
    // The batch's notifications went in one insert: each action names its own.
    const summaries = await Promise.all(
      [actions[0], actions[4]].map(async (action) => {
        const [id] = (action?.ref as { notification_ids: number[] }).notification_ids;
        const [row] = await t.db
          .select()
          .from(notifications)
          .where(eq(notifications.id, id ?? 0));
        return row?.summary.slice(-3);
      }),
    );
    expect(summaries).toEqual([': x', ': y']);
  });

  it('retries a transient failure with a doubling delay, five attempts at most', () => {
    const at = new Date('2026-11-29T12:00:00Z');
    const transient = { ok: false as const, error: 'Connection refused', permanent: false };
    expect(actionOutcome(1, transient, 1, at)).toMatchObject({
      status: 'pending',
      nextAttemptAt: new Date('2026-11-29T12:00:30Z'),
      finishedAt: null,
    });
    expect(actionOutcome(1, transient, 2, at).nextAttemptAt).toEqual(
      new Date('2026-11-29T12:01:00Z'),
    );
    expect(actionOutcome(1, transient, 5, at)).toMatchObject({ status: 'failed', finishedAt: at });
    expect(actionOutcome(1, { ...transient, permanent: true }, 1, at).status).toBe('failed');
  });

  it("follows a device alert configuration's own delivery retry", () => {
    const at = new Date('2026-11-29T12:00:00Z');
    const transient = { ok: false as const, error: 'Connection refused', permanent: false };
    const twice = { retries: 2, interval_seconds: 600 };
    expect(actionOutcome(1, transient, 1, at, twice).nextAttemptAt).toEqual(
      new Date('2026-11-29T12:10:00Z'),
    );
    expect(actionOutcome(1, transient, 2, at, twice).status).toBe('pending');
    expect(actionOutcome(1, transient, 3, at, twice).status).toBe('failed');
    // Retry off: the one attempt is the last.
    expect(actionOutcome(1, transient, 1, at, { retries: 0, interval_seconds: 0 }).status).toBe(
      'failed',
    );
  });
});

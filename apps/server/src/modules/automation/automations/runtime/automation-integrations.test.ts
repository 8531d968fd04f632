import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@/app';
import { alertActions, alertEvents, deviceJobs, emailConfigurations, taskRuns } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { reboot } from '@/modules/automation/device-tasks/device-tasks.fixtures';
import { SMTP_ROUTE_MESSAGES } from '@/modules/system/email-configurations/smtp-transports';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { insertDevice } from '@test/fake-gateway';
import { loginAs } from '@test/session';
import { startSmtpSink, type SmtpSink } from '@test/smtp-sink';
import {
  createPlayedGateway,
  eventually,
  insertSignalRule,
  startInstance,
} from './runtime.fixtures';

let t: TestApp;
let app: App;
let company: CompanyRow;
let other: CompanyRow;
let ownerId: number;
let sink: SmtpSink;
const gateway = createPlayedGateway();
const rules: Record<string, { ruleId: number; deviceId: number }> = {};
const ids: Record<string, number> = {};

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

/** A task group of `owner`'s company through the API, as its admin. */
const createGroup = async (user: { email: string; password: string }, name: string) => {
  const session = await loginAs(t.app, user);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/devices/tasks/groups',
    headers: session.headers,
    payload: { name, tasks: [reboot] },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { id: number } }).data.id;
};

const smtpConfig = async (owner: CompanyRow, name: string) => {
  const [row] = await t.db
    .insert(emailConfigurations)
    .values({
      companyId: owner.id,
      name,
      host: '127.0.0.1',
      port: sink.port,
      secure: false,
      email: `alerts@${name}.test`,
    })
    .returning();
  return row?.id ?? 0;
};

beforeAll(async () => {
  t = await buildTestApp();
  sink = await startSmtpSink();
  company = await createCompany(t.db);
  other = await createCompany(t.db);
  const owner = await createUser(t.db, 'admin', { company });
  ownerId = owner.id;
  const stranger = await createUser(t.db, 'admin', { company: other });
  ids.group = await createGroup(owner, 'Reboot group');
  ids.foreignGroup = await createGroup(stranger, 'Not yours');
  ids.smtp = await smtpConfig(company, 'own');
  ids.foreignSmtp = await smtpConfig(other, 'foreign');
  const email = (smtp_config_id: number) => ({
    name: 'SendEmail' as const,
    options: {
      smtp_config_id,
      subject: 'Alert %rn',
      message: 'At %ts',
      receiving_emails: ['ops@x.test'],
    },
  });
  await ruleWith('task', [
    { name: 'TaskManagerAction', options: { task_group_id: String(ids.group) } },
  ]);
  await ruleWith('foreignTask', [
    { name: 'TaskManagerAction', options: { task_group_id: String(ids.foreignGroup) } },
  ]);
  await ruleWith('backup', [{ name: 'ExportBackup' }]);
  await ruleWith('smtp', [email(ids.smtp)]);
  await ruleWith('foreignSmtp', [email(ids.foreignSmtp)]);
  await t.app.close();
  app = await startInstance(t, gateway);
});
afterAll(async () => {
  await app.close();
  await t.close();
  await sink.close();
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
  return { event, action: actions[0], deviceId };
};

describe('alert actions handing work on', () => {
  it('starts a run of the task group on the device, as the owner', async () => {
    const { event, action, deviceId } = await fire('task');
    expect(event?.overallStatus).toBe('success');
    const [run] = await t.db
      .select()
      .from(taskRuns)
      .where(eq(taskRuns.groupId, ids.group ?? 0));
    expect(run).toMatchObject({ userId: ownerId, groupName: 'Reboot group' });
    expect(run?.targets).toMatchObject({ deviceIds: [deviceId], tagIds: [], companyIds: [] });
    expect(action).toMatchObject({ status: 'done', ref: { run_id: run?.id } });
  });

  it('fails at once for a task group the owner cannot see', async () => {
    const { event, action } = await fire('foreignTask');
    expect(action).toMatchObject({ status: 'failed', attempts: 1, error: 'Task group not found' });
    expect(event?.overallStatus).toBe('failed');
  });

  it('exports a backup as a durable job carrying its upload link', async () => {
    const { action, deviceId } = await fire('backup');
    const [job] = await t.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, deviceId));
    expect(job).toMatchObject({ type: 'backup_export', userId: ownerId });
    expect(job?.args).toMatchObject({ upload_url: expect.any(String), nonce: expect.any(String) });
    expect(action).toMatchObject({ status: 'done', ref: { job_id: job?.id } });
  });

  it('sends e-mail through the SMTP configuration the action names', async () => {
    const { action } = await fire('smtp');
    expect(action).toMatchObject({ status: 'done', ref: { to: 'ops@x.test' } });
    const mail = sink.last('ops@x.test');
    expect(mail).toMatchObject({ from: 'alerts@own.test', subject: 'Alert RUT955-smtp' });
  });

  it('fails with a clear message when the owner cannot see the SMTP configuration', async () => {
    const before = sink.messages.length;
    const { action } = await fire('foreignSmtp');
    expect(action).toMatchObject({
      status: 'failed',
      error: SMTP_ROUTE_MESSAGES.notFound(ids.foreignSmtp ?? 0),
    });
    expect(sink.messages.length).toBe(before);
  });
});

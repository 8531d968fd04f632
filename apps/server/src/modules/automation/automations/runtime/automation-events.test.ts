import type { AutomationEvent } from '@netfleet/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@/app';
import { alertEvents, automations, automationScopes, deviceJobs } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { AUTOMATION_SCOPE_KINDS } from '@/modules/automation/automations/automation-coverage';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { insertDevice } from '@test/fake-gateway';
import { loginAs } from '@test/session';
import { reboot } from '@/modules/automation/device-tasks/device-tasks.fixtures';
import { createPlayedGateway, eventually, startInstance } from './runtime.fixtures';

// Events as rule inputs (design §4.2): each source fires its rule once, as an `event` row whose
// evaluated parameter says what happened.

let t: TestApp;
let app: App;
let company: CompanyRow;
let owner: Awaited<ReturnType<typeof createUser>>;
const gateway = createPlayedGateway();
const rules = new Map<AutomationEvent, number>();

/** A rule `<event> == true` over every device of the company. */
const insertEventRule = async (event: AutomationEvent) => {
  const [rule] = await t.db
    .insert(automations)
    .values({
      companyId: company.id,
      userId: owner.id,
      name: `On ${event}`,
      dataGroup: 'events',
      conditionsBody: [
        {
          type: 'if',
          expression: [{ parameter: event, operator: '==', value: true, joins_with: undefined }],
          actions: [],
        },
      ],
    })
    .returning();
  if (!rule) throw new Error('rule insert failed');
  await t.db.insert(automationScopes).values({
    automationId: rule.id,
    kind: AUTOMATION_SCOPE_KINDS.company,
    targetId: company.id,
  });
  rules.set(event, rule.id);
};

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.db);
  owner = await createUser(t.db, 'admin', { company });
  for (const event of [
    'firmware_changed',
    'sim_changed',
    'device_added',
    'task_failed',
    'firmware_update_failed',
  ] as const)
    await insertEventRule(event);
  await t.app.close();
  app = await startInstance(t, gateway);
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const eventsOf = (event: AutomationEvent) =>
  t.db
    .select()
    .from(alertEvents)
    .where(eq(alertEvents.automationId, rules.get(event) ?? 0))
    .orderBy(asc(alertEvents.id));
/** Waits for the rule's events, then a little longer: a second row would be a double fire. */
const settledEventsOf = async (event: AutomationEvent, count = 1) => {
  await eventually(
    () => eventsOf(event),
    (rows) => rows.length >= count,
  );
  await new Promise((wake) => setTimeout(wake, 400));
  return eventsOf(event);
};
const played = () => gateway.fake.listener;

describe('events as rule inputs', () => {
  it('fires firmware_changed once per change, with the versions', async () => {
    const device = await insertDevice(t.db, company, {
      name: 'RUTX-FW',
      firmware: 'RUTX_R_00.07.04',
    });
    gateway.identity(device.id, 'RUTX_R_00.07.04', 'RUTX_R_00.07.06');
    const rows = await settledEventsOf('firmware_changed');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'event',
      deviceId: device.id,
      evaluatedParameters: [
        { key: 'firmware_changed', value: 'RUTX_R_00.07.04 → RUTX_R_00.07.06' },
      ],
      message: 'RUTX-FW: On firmware_changed — firmware_changed RUTX_R_00.07.04 → RUTX_R_00.07.06',
    });
    // The next change is another event; a first hello (nothing known before) is none.
    gateway.identity(device.id, 'RUTX_R_00.07.06', 'RUTX_R_00.07.07');
    gateway.identity(device.id, null, 'RUTX_R_00.07.07');
    expect(await settledEventsOf('firmware_changed', 2)).toHaveLength(2);
  });

  it('fires sim_changed when the active slot switches, not on the first reading', async () => {
    const device = await insertDevice(t.db, company, { name: 'RUT-SIM' });
    const reading = (sim: 1 | 2) => ({ uptime: 5, modems: [{ modem: 1, sim, signal: -80 }] });
    gateway.reading(device.id, 'dynamic', reading(1));
    gateway.reading(device.id, 'dynamic', reading(1));
    gateway.reading(device.id, 'dynamic', reading(2));
    const rows = await settledEventsOf('sim_changed');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.evaluatedParameters).toEqual([{ key: 'sim_changed', value: 'SIM slot 1 → 2' }]);
  });

  it('fires device_added for a device enrolled after the start (its rules looked up)', async () => {
    const device = await insertDevice(t.db, company, { name: 'RUT-NEW' });
    gateway.enrolled([device.id]);
    const rows = await settledEventsOf('device_added');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ deviceId: device.id, kind: 'event' });
  });

  it('fires firmware_update_failed when a firmware update job fails', async () => {
    const device = await insertDevice(t.db, company, { name: 'RUT-UPD' });
    const [job] = await t.db
      .insert(deviceJobs)
      .values({
        deviceId: device.id,
        type: 'firmware_update',
        status: 'sent',
        args: {},
        expiresAt: new Date(Date.now() + 60_000),
      })
      .returning();
    await played().ack(device.id, { id: job?.id ?? 0, status: 'failed', message: 'bad image' });
    const rows = await settledEventsOf('firmware_update_failed');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.evaluatedParameters).toEqual([
      {
        key: 'firmware_update_failed',
        value: `firmware update job ${job?.id} failed: bad image`,
      },
    ]);
  });

  it('fires task_failed when a device step of a task run fails', async () => {
    const device = await insertDevice(t.db, company, { name: 'RUT-TASK' });
    gateway.fake.online.add(device.id);
    const session = await loginAs(app, owner);
    const call = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: session.headers, payload });
    const group = await call('/api/devices/tasks/groups', { name: 'Reboot', tasks: [reboot] });
    expect(group.statusCode, group.body).toBe(200);
    const groupId = (group.json() as { data: { id: number } }).data.id;
    const run = await call(`/api/devices/tasks/groups/${groupId}`, { device_id: [device.id] });
    expect(run.statusCode, run.body).toBe(200);
    const command = await eventually(
      async () => gateway.fake.commandsFor(device.id)[0],
      (sent) => sent !== undefined,
    );
    await played().ack(device.id, { id: command?.id ?? 0, status: 'failed', message: 'busy' });
    const rows = await settledEventsOf('task_failed');
    expect(rows).toHaveLength(1);
    expect(String(rows[0]?.evaluatedParameters[0]?.value)).toMatch(/^task run \d+ failed/);
  });
});

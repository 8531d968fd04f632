import {
  AUTOMATION_ACTION_STATUSES,
  type AutomationLog,
  type AutomationLogDetail,
} from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertActions, alertEvents } from '@/db/schema';
import {
  type AutomationsApp,
  automationsHelpers,
  startAutomationsApp,
  withActions,
} from './automations.fixtures';

let app: AutomationsApp;
beforeAll(async () => {
  app = await startAutomationsApp();
});
afterAll(() => app.t.close());

const { call, create, device } = automationsHelpers(() => app);

/** An evaluation of the rule on the device, as the engine writes it, with its actions. */
const evaluation = async (
  rule: { id: number },
  deviceRow: { id: number; companyId: number },
  evaluationId: string,
  actions: { status: string; error?: string }[],
  revision = 1,
) => {
  const [event] = await app.t.db
    .insert(alertEvents)
    .values({
      evaluationId,
      source: 'automation',
      kind: 'fired',
      automationId: rule.id,
      revision,
      deviceId: deviceRow.id,
      companyId: deviceRow.companyId,
      evaluatedParameters: [{ key: 'signal', value: -118 }],
      evaluatedConditions: [{ key: 'cond_0', value: true }],
      message: 'Weak signal',
      readingTs: new Date(),
      overallStatus: actions.some((action) => action.status === 'failed') ? 'failed' : 'success',
    })
    .returning({ id: alertEvents.id });
  if (!event) throw new Error('event insert failed');
  if (actions.length)
    await app.t.db.insert(alertActions).values(
      actions.map((action, index) => ({
        eventId: event.id,
        name: index === 0 ? 'SendNotification' : 'SendEmail',
        options: {},
        status: action.status,
        error: action.error ?? null,
      })),
    );
  return event.id;
};

describe('automation logs', () => {
  it('lists evaluations with device and company, and details their actions', async () => {
    const rule = await create();
    const a = await device();
    const b = await device(app.child);
    await evaluation(rule, a, 'evalDone000000000001', [{ status: 'done' }]);
    await evaluation(rule, b, 'evalFailed0000000002', [
      { status: 'done' },
      { status: 'failed', error: 'Address is on the suppression list' },
    ]);
    await evaluation(rule, a, 'evalPending000000003', [{ status: 'done' }, { status: 'running' }]);
    // Evaluated with conditions since changed: the log answers revision 1's.
    const changed = withActions([]);
    (changed[0] as { expression: object[] }).expression = [
      { parameter: 'temperature', operator: '>', value: 70 },
    ];
    const put = await call('PUT', `/api/automations/${rule.id}`, { conditions_body: changed });
    expect(put.statusCode, put.body).toBe(200);
    // An event of another rule is not this rule's log.
    await evaluation(await create(), a, 'evalOther00000000004', []);

    const listed = await call('GET', `/api/automations/${rule.id}/logs`);
    expect(listed.statusCode, listed.body).toBe(200);
    const logs = listed.json() as { data: AutomationLog[]; meta: { total: number } };
    expect(logs.meta.total).toBe(3);
    expect(logs.data.map((log) => log.evaluation_id)).toEqual([
      'evalPending000000003',
      'evalFailed0000000002',
      'evalDone000000000001',
    ]);
    expect(logs.data[1]).toMatchObject({
      company_id: app.child.id,
      company_name: app.child.name,
      device_id: b.id,
      device_name: b.name,
      serial: b.serial,
      mac: b.mac,
      evaluated_parameters: [{ key: 'signal', value: -118 }],
      evaluated_conditions: [{ key: 'cond_0', value: true }],
      overall_status: 'failed',
    });
    expect(logs.data[1]?.created_at).toMatch(/T.*Z$/);
    expect(logs.data[1]?.conditions_body[0]?.expression[0]?.parameter).toBe('signal');

    const filtered = (
      await call('GET', `/api/automations/${rule.id}/logs?device_id=${b.id}&limit=1`)
    ).json() as { data: AutomationLog[]; meta: { total: number } };
    expect(filtered.data.map((log) => log.device_id)).toEqual([b.id]);

    const detail = async (evaluationId: string) => {
      const response = await call('GET', `/api/automations/${rule.id}/logs/${evaluationId}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: AutomationLogDetail }).data;
    };
    const done = await detail('evalDone000000000001');
    expect(done).toMatchObject({
      action_status: AUTOMATION_ACTION_STATUSES.success,
      action_status_message: 'Succeeded',
      device_id: a.id,
    });
    expect(done.conditions[0]?.expression[0]?.parameter).toBe('signal');
    expect('conditions_body' in done).toBe(false);
    expect(await detail('evalFailed0000000002')).toMatchObject({
      action_status: AUTOMATION_ACTION_STATUSES.failed,
      action_status_message: 'SendEmail: Address is on the suppression list',
    });
    expect((await detail('evalPending000000003')).action_status).toBe(
      AUTOMATION_ACTION_STATUSES.pending,
    );
    const missing = await call('GET', `/api/automations/${rule.id}/logs/evalOther00000000004`);
    expect(missing.statusCode).toBe(404);
  });
});

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AUTOMATION_MESSAGES } from './automation-messages.ts';
import { conditionsBodyShapeSchema } from './automations-conditions.ts';
import {
  automationDeviceListQuerySchema,
  automationDeviceSchema,
  automationDevicesActivationBodySchema,
  automationDevicesBodySchema,
  automationListQuerySchema,
  automationLogDetailSchema,
  automationLogSchema,
  automationSchema,
  automationsActivationBodySchema,
  automationsDevicesAssignBodySchema,
  createAutomationBodySchema,
  devicesAutomationsOverwriteBodySchema,
  updateAutomationBodySchema,
} from './automations.ts';
import {
  rmsAutomationBody,
  rmsConditionsBody,
  rmsDeviceBody2,
  rmsLogBody,
  rmsLogEvaluationBody,
  rmsPostPut,
} from './automations.fixtures.ts';

/** A valid create body whose single atom (or branch) the test replaces. */
const bodyWith = (condition: Record<string, unknown>) => ({
  name: 'Weak signal',
  conditions_body: [{ type: 'if', actions: [], ...condition }],
});
const atom = (fields: Record<string, unknown>) => ({
  parameter: 'signal',
  operator: '<',
  value: -110,
  ...fields,
});

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => ({
    source: issue.path.join('.'),
    message: issue.message,
  }));

describe('automation contracts: RMS examples', () => {
  it('takes RMS automation_post_put on POST and PUT', () => {
    const parsed = createAutomationBodySchema.parse(rmsPostPut);
    // What a write stores is what an answer carries.
    const stored: z.infer<typeof conditionsBodyShapeSchema> = parsed.conditions_body;
    expect(conditionsBodyShapeSchema.parse(stored)).toEqual(stored);
    expect(parsed.conditions_body[0]?.expression[0]).toEqual({
      parameter: 'temperature',
      operator: '==',
      value: 10,
      joins_with: '&&',
    });
    expect(parsed).toMatchObject({ renotify_interval: 0, scope: { tag_id: [], company_id: [] } });
    expect(updateAutomationBodySchema.parse(rmsPostPut).name).toBe('Test automation');
    expect(updateAutomationBodySchema.parse({ enabled: false })).toEqual({ enabled: false });
  });

  it('takes the nested example shape; its placeholder atoms fail the catalogue', () => {
    expect(conditionsBodyShapeSchema.safeParse(rmsConditionsBody).success).toBe(true);
    const result = createAutomationBodySchema.safeParse({
      ...rmsPostPut,
      conditions_body: rmsConditionsBody,
    });
    expect(issuesOf(result)).toEqual([
      {
        source: 'conditions_body.0.conditions.0.expression.0.value',
        message: 'Value must be a number for parameter "temperature"',
      },
      {
        source: 'conditions_body.0.conditions.0.conditions.0.expression.0.parameter',
        message: 'Unknown parameter "some_parameter"',
      },
    ]);
  });

  it('reads RMS answers: automation_body, automation logs, device_body_2', () => {
    expect(automationSchema.parse(rmsAutomationBody).conditions_body[0]?.tag).toBe('cond_0');
    expect(automationLogSchema.parse(rmsLogBody).evaluated_parameters[0]).toEqual({
      key: 'temperature',
      value: '35',
    });
    expect(automationLogDetailSchema.parse(rmsLogEvaluationBody).action_status).toBe(1);
    expect(automationDeviceSchema.parse(rmsDeviceBody2)).toEqual(rmsDeviceBody2);
  });

  it('takes the device and activation bodies, enable or enabled', () => {
    expect(automationDevicesBodySchema.parse([{ devices: [7841] }])).toEqual([{ devices: [7841] }]);
    expect(automationsActivationBodySchema.parse([{ enable: true, automations: [7841] }])).toEqual([
      { enabled: true, automations: [7841] },
    ]);
    expect(automationsActivationBodySchema.parse([{ enabled: false, automations: [1] }])).toEqual([
      { enabled: false, automations: [1] },
    ]);
    expect(
      automationDevicesActivationBodySchema.parse([{ enable: false, devices: [7841] }]),
    ).toEqual([{ enabled: false, devices: [7841] }]);
    expect(issuesOf(automationsActivationBodySchema.safeParse([{ automations: [1] }]))).toEqual([
      { source: '0.enable', message: AUTOMATION_MESSAGES.enableRequired },
    ]);
    const assign = { data: [{ automation_id: 78410, device_id: [7841] }] };
    expect(automationsDevicesAssignBodySchema.parse(assign)).toEqual(assign);
    const overwrite = { data: [{ device_id: 78410, automation_id: [7841] }] };
    expect(devicesAutomationsOverwriteBodySchema.parse(overwrite)).toEqual(overwrite);
    const none = { data: [{ device_id: 78410, automation_id: [] }] };
    expect(devicesAutomationsOverwriteBodySchema.parse(none)).toEqual(none);
  });

  it('reads list queries with netfleet defaults', () => {
    expect(automationListQuerySchema.parse({ company_id: '3', sort: '-created_at' })).toMatchObject(
      { limit: 25, offset: 0, company_id: 3, sort: '-created_at' },
    );
    expect(automationListQuerySchema.safeParse({ limit: '1001' }).success).toBe(false);
    expect(automationDeviceListQuerySchema.parse({ model: 'RUTX11', q: 'lab' })).toMatchObject({
      model: 'RUTX11',
      q: 'lab',
    });
  });
});

describe('automation contracts: conditions against the catalogue', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    [
      'a text value for a number',
      { expression: [atom({ joins_with: '&&' }), atom({ value: 'weak' })] },
      'conditions_body.0.expression.1.value',
      'Value must be a number for parameter "signal"',
    ],
    [
      'an unknown parameter',
      { expression: [atom({ parameter: 'x' })] },
      'conditions_body.0.expression.0.parameter',
      'Unknown parameter "x"',
    ],
    [
      'changed on a number',
      { expression: [atom({ operator: 'changed' })] },
      'conditions_body.0.expression.0.operator',
      'Operator "changed" is not allowed for parameter "signal"',
    ],
    [
      'an operator that is none',
      { expression: [atom({ operator: '=~' })] },
      'conditions_body.0.expression.0.operator',
      'Operator "=~" is not allowed for parameter "signal"',
    ],
    [
      'hysteresis on ==',
      { expression: [atom({ operator: '==', hysteresis: 3 })] },
      'conditions_body.0.expression.0.hysteresis',
      'Hysteresis needs <, <=, > or >=',
    ],
    [
      'a number for a text parameter',
      { expression: [atom({ parameter: 'operator', operator: '==', value: 3 })] },
      'conditions_body.0.expression.0.value',
      AUTOMATION_MESSAGES.textValue('operator'),
    ],
    [
      'an event tested for false',
      { expression: [atom({ parameter: 'sim_changed', operator: '==', value: false })] },
      'conditions_body.0.expression.0.value',
      AUTOMATION_MESSAGES.eventValue('sim_changed'),
    ],
    [
      'a missing join between atoms',
      { expression: [atom({}), atom({ value: -100 })] },
      'conditions_body.0.expression.0.joins_with',
      AUTOMATION_MESSAGES.joinsWith,
    ],
    [
      'ExportTroubleshoot',
      { expression: [atom({})], actions: [{ name: 'ExportTroubleshoot' }] },
      'conditions_body.0.actions.0.name',
      'The ExportTroubleshoot action is not available on netfleet devices',
    ],
    [
      'ExportEventsLog',
      { expression: [atom({})], actions: [{ name: 'Reboot' }, { name: 'ExportEventsLog' }] },
      'conditions_body.0.actions.1.name',
      'The ExportEventsLog action is not available on netfleet devices',
    ],
    [
      'an if without atoms',
      { expression: [] },
      'conditions_body.0.expression',
      AUTOMATION_MESSAGES.expressionRequired,
    ],
    [
      'an else first',
      { expression: [atom({})], conditions: [{ type: 'else' }] },
      'conditions_body.0.conditions.0.type',
      AUTOMATION_MESSAGES.nestedOrder,
    ],
    [
      'an else with atoms',
      {
        expression: [atom({})],
        conditions: [
          { type: 'if', expression: [atom({})] },
          { type: 'else', expression: [atom({})] },
        ],
      },
      'conditions_body.0.conditions.1.expression',
      AUTOMATION_MESSAGES.elseExpression,
    ],
  ];
  it.each(cases)('refuses %s with its message at its path', (_name, condition, source, message) => {
    const result = createAutomationBodySchema.safeParse(bodyWith(condition));
    expect(issuesOf(result)).toEqual([{ source, message }]);
  });

  it('takes every operator of a parameter, hysteresis on thresholds, changed without value', () => {
    const body = bodyWith({
      expression: [
        atom({ hysteresis: 3, joins_with: '&&' }),
        atom({ parameter: 'operator', operator: 'changed', value: undefined, joins_with: '||' }),
        atom({
          parameter: 'io_input:Door',
          operator: '==',
          value: 1,
          hysteresis: 0,
          joins_with: '&&',
        }),
        // The last atom joins nothing: RMS clients send '' there too.
        atom({ parameter: 'firmware_changed', operator: '==', value: true, joins_with: '' }),
      ],
      actions: [
        { name: 'Reboot' },
        { name: 'SendWebhook', options: { webhook_id: 4 } },
        { name: 'RunCommand', options: { command: 'ip route', timeout: 30 } },
        { name: 'TaskManagerAction', options: { task_group_id: 7 } },
      ],
    });
    const parsed = createAutomationBodySchema.parse(body);
    expect(parsed.conditions_body[0]?.expression[3]?.joins_with).toBeUndefined();
    // RMS types the task group id as a string: answered back as one.
    expect(parsed.conditions_body[0]?.actions[3]).toEqual({
      name: 'TaskManagerAction',
      options: { task_group_id: '7' },
    });
  });

  it('takes credit low only alone, with actions that tell people', () => {
    const alone = atom({ parameter: 'credit_low', operator: '==', value: true });
    const notify = {
      name: 'SendNotification',
      options: { message: 'Credits are low', receiving_users: ['admin@example.test'] },
    };
    expect(
      createAutomationBodySchema.safeParse(bodyWith({ expression: [alone], actions: [notify] }))
        .success,
    ).toBe(true);
    const mixed = createAutomationBodySchema.safeParse(
      bodyWith({
        expression: [{ ...alone, joins_with: '&&' }, atom({})],
        actions: [{ name: 'Reboot' }],
      }),
    );
    expect(issuesOf(mixed)).toEqual([
      {
        source: 'conditions_body.0.expression.0.parameter',
        message: AUTOMATION_MESSAGES.companyEventAlone('credit_low'),
      },
      {
        source: 'conditions_body.0.actions.0.name',
        message: AUTOMATION_MESSAGES.companyEventAction('Reboot'),
      },
    ]);
  });

  it('keeps RMS limits: one top condition, 4 atoms, 10 actions, known action names', () => {
    const five = Array.from({ length: 5 }, () => atom({ joins_with: '&&' }));
    expect(createAutomationBodySchema.safeParse(bodyWith({ expression: five })).success).toBe(
      false,
    );
    const eleven = Array.from({ length: 11 }, () => ({ name: 'Reboot' }));
    const tooMany = bodyWith({ expression: [atom({})], actions: eleven });
    expect(createAutomationBodySchema.safeParse(tooMany).success).toBe(false);
    const unknown = bodyWith({ expression: [atom({})], actions: [{ name: 'SendSms' }] });
    expect(createAutomationBodySchema.safeParse(unknown).success).toBe(false);
    const two = { name: 'x', conditions_body: [bodyWith({}).conditions_body[0], {}] };
    expect(createAutomationBodySchema.safeParse(two).success).toBe(false);
    expect(
      issuesOf(createAutomationBodySchema.safeParse({ name: 'x', conditions_body: [] })),
    ).toEqual([{ source: 'conditions_body', message: AUTOMATION_MESSAGES.conditionRequired }]);
    const email = bodyWith({
      expression: [atom({})],
      actions: [
        {
          name: 'SendEmail',
          options: { subject: 's', message: 'm', receiving_emails: ['a@b.c', 'd@e.f'] },
        },
      ],
    });
    expect(createAutomationBodySchema.safeParse(email).success).toBe(false);
  });
});

import { z } from 'zod';
import {
  type AutomationOperator,
  automationParameterOf,
  COMPANY_EVENT_ACTIONS,
  COMPANY_EVENTS,
  HYSTERESIS_OPERATORS,
} from '../automation-parameters.ts';
import { ID_MAX } from '../list.ts';
import { emailSchema } from '../validation.ts';
import { AUTOMATION_MESSAGES } from './automation-messages.ts';
import { requiredIdSchema } from './companies.ts';
import { TASK_TIMEOUT_MAX } from './device-tasks.ts';

// RMS `conditions_body`: one top `if` with up to 4 expression atoms and 10 actions, and nested
// `if`/`else` branches two levels deep (RMS maxItems). netfleet adds the atom's `hysteresis` and
// the SendWebhook and RunCommand actions; nothing of RMS's is renamed or retyped.

export const AUTOMATION_MAX_ATOMS = 4;
export const AUTOMATION_MAX_ACTIONS = 10;
/** RMS: at most an `if` and an `else` under a branch. */
export const AUTOMATION_MAX_NESTED = 2;

export const RMS_AUTOMATION_ACTIONS = [
  'SendEmail',
  'ExportBackup',
  'ExportTroubleshoot',
  'ExportEventsLog',
  'Reboot',
  'TaskManagerAction',
  'SendNotification',
] as const;
export const AUTOMATION_ACTIONS = [...RMS_AUTOMATION_ACTIONS, 'SendWebhook', 'RunCommand'] as const;
export type AutomationActionName = (typeof AUTOMATION_ACTIONS)[number];
/**
 * RMS names the device protocol has no command for (docs/rms-compatibility.md
 * `download_troubleshoot`): accepted by the shape so the 422 can name them, then refused.
 */
export const UNAVAILABLE_AUTOMATION_ACTIONS: readonly AutomationActionName[] = [
  'ExportTroubleshoot',
  'ExportEventsLog',
];

const tag = z.string().trim().max(64).optional();
const text = (max: number) => z.string().trim().min(1).max(max);

export const sendEmailActionOptionsSchema = z.object({
  smtp_config_id: requiredIdSchema('SMTP configuration').optional(),
  subject: text(255),
  message: text(5000),
  receiving_emails: z.array(emailSchema).min(1, AUTOMATION_MESSAGES.recipientRequired).max(1),
});
export const sendNotificationActionOptionsSchema = z.object({
  message: text(5000),
  receiving_users: z.array(text(255)).min(1, AUTOMATION_MESSAGES.userRequired).max(1),
});
const taskGroupIdText = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,9}$/);
export const taskManagerActionOptionsSchema = z.object({
  // RMS types the id as a string; a number is taken too and answered back as RMS's string.
  task_group_id: z.union([taskGroupIdText, z.number().int().min(1).max(ID_MAX)]).transform(String),
});
export const sendWebhookActionOptionsSchema = z.object({ webhook_id: requiredIdSchema('Webhook') });
export const runCommandActionOptionsSchema = z.object({
  command: text(1024),
  /** Seconds; the device's default when absent. */
  timeout: z.number().int().min(1).max(TASK_TIMEOUT_MAX).optional(),
});

const noOptions = z.object({}).optional();
const action = <N extends AutomationActionName, O extends z.ZodType>(name: N, options: O) =>
  z.object({ name: z.literal(name), options, tag });
const actionUnion = <T extends z.ZodType>(taskManagerOptions: T) =>
  z.discriminatedUnion('name', [
    action('SendEmail', sendEmailActionOptionsSchema),
    action('ExportBackup', noOptions),
    action('ExportTroubleshoot', noOptions),
    action('ExportEventsLog', noOptions),
    action('Reboot', noOptions),
    action('TaskManagerAction', taskManagerOptions),
    action('SendNotification', sendNotificationActionOptionsSchema),
    action('SendWebhook', sendWebhookActionOptionsSchema),
    action('RunCommand', runCommandActionOptionsSchema),
  ]);

export const automationActionSchema = actionUnion(taskManagerActionOptionsSchema);
export type AutomationAction = z.infer<typeof automationActionSchema>;

/**
 * One atom. Operator and value are loose here (RMS: string, any) so the catalogue check below can
 * say what is wrong for the parameter instead of a bare type error.
 */
const atomFields = {
  parameter: z.string().trim().min(1).max(128),
  operator: z.string().trim().max(16),
  value: z.union([z.number(), z.string().max(255), z.boolean(), z.null()]).optional(),
  /** netfleet: a threshold clears only this far back past it (signal < -110, 3 → clears at -107). */
  hysteresis: z.number().min(0).optional(),
};
export const automationAtomSchema = z.object({
  ...atomFields,
  // The last atom joins nothing; RMS clients send '' or null there as well as leave it out.
  joins_with: z
    .union([z.enum(['&&', '||']), z.literal(''), z.null()])
    .optional()
    .transform((join) => join || undefined),
});
export type AutomationAtom = z.infer<typeof automationAtomSchema>;

/** Nested if/else branches, two levels under the top `if`, as RMS nests them. */
const conditionOf = <A extends z.ZodType, C extends z.ZodType>(atom: A, actionSchema: C) => {
  const branchFields = {
    expression: z.array(atom).max(AUTOMATION_MAX_ATOMS).default([]),
    actions: z.array(actionSchema).max(AUTOMATION_MAX_ACTIONS).default([]),
    tag,
  };
  const nestedType = z.enum(['if', 'else']);
  const inner = z.object({ type: nestedType, ...branchFields });
  const nested = z.object({
    type: nestedType,
    ...branchFields,
    conditions: z.array(inner).max(AUTOMATION_MAX_NESTED).optional(),
  });
  return z.object({
    type: z.literal('if').default('if'),
    ...branchFields,
    conditions: z.array(nested).max(AUTOMATION_MAX_NESTED).optional(),
  });
};

export const automationConditionSchema = conditionOf(automationAtomSchema, automationActionSchema);
export type AutomationCondition = z.infer<typeof automationConditionSchema>;

/**
 * The structure as answers carry it: what the write schemas produce, without their transforms
 * (answers become OpenAPI and JSON Schema, where a transform cannot be written down), and
 * without the catalogue checks (a stored rule is answered even if the catalogue moved on).
 */
export const conditionsBodyShapeSchema = z
  .array(
    conditionOf(
      z.object({ ...atomFields, joins_with: z.enum(['&&', '||']).optional() }),
      actionUnion(z.object({ task_group_id: taskGroupIdText })),
    ),
  )
  .max(1);

export interface AutomationProblem {
  path: (string | number)[];
  message: string;
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** What is wrong with one atom against the catalogue; paths relative to the atom. */
export const automationAtomProblems = (atom: AutomationAtom): AutomationProblem[] => {
  const parameter = automationParameterOf(atom.parameter);
  if (!parameter)
    return [{ path: ['parameter'], message: AUTOMATION_MESSAGES.unknownParameter(atom.parameter) }];
  const key = atom.parameter;
  const operator = atom.operator as AutomationOperator;
  const problems: AutomationProblem[] = [];
  if (!parameter.operators.includes(operator))
    problems.push({
      path: ['operator'],
      message: AUTOMATION_MESSAGES.operatorNotAllowed(atom.operator, key),
    });
  // `changed` compares a value with the one before: no value of its own to check.
  else if (operator !== 'changed') {
    const { value } = atom;
    if (parameter.type === 'number' && !isNumber(value))
      problems.push({ path: ['value'], message: AUTOMATION_MESSAGES.numberValue(key) });
    if (parameter.type === 'string' && typeof value !== 'string')
      problems.push({ path: ['value'], message: AUTOMATION_MESSAGES.textValue(key) });
    if (parameter.type === 'event' && value !== true)
      problems.push({ path: ['value'], message: AUTOMATION_MESSAGES.eventValue(key) });
  }
  // 0 means none, so a form that always sends the field still saves == and changed atoms.
  if (atom.hysteresis && !(HYSTERESIS_OPERATORS as readonly string[]).includes(operator))
    problems.push({ path: ['hysteresis'], message: AUTOMATION_MESSAGES.hysteresisOperator });
  return problems;
};

interface Branch {
  type: 'if' | 'else';
  expression: AutomationAtom[];
  actions: AutomationAction[];
  conditions?: Branch[];
}

/** Every problem of a branch and the branches under it, with paths relative to the branch. */
const branchProblems = (branch: Branch): AutomationProblem[] => {
  const problems: AutomationProblem[] = [];
  const at = (path: (string | number)[], message: string) => problems.push({ path, message });
  if (branch.type === 'if' && branch.expression.length === 0)
    at(['expression'], AUTOMATION_MESSAGES.expressionRequired);
  if (branch.type === 'else' && branch.expression.length > 0)
    at(['expression'], AUTOMATION_MESSAGES.elseExpression);
  branch.expression.forEach((atom, index) => {
    for (const problem of automationAtomProblems(atom))
      at(['expression', index, ...problem.path], problem.message);
    if (index < branch.expression.length - 1 && !atom.joins_with)
      at(['expression', index, 'joins_with'], AUTOMATION_MESSAGES.joinsWith);
  });
  branch.actions.forEach((action, index) => {
    if (UNAVAILABLE_AUTOMATION_ACTIONS.includes(action.name))
      at(['actions', index, 'name'], AUTOMATION_MESSAGES.actionUnavailable(action.name));
  });
  branch.conditions?.forEach((nested, index) => {
    if (nested.type !== (index === 0 ? 'if' : 'else'))
      at(['conditions', index, 'type'], AUTOMATION_MESSAGES.nestedOrder);
    for (const problem of branchProblems(nested))
      at(['conditions', index, ...problem.path], problem.message);
  });
  return problems;
};

const isCompanyEvent = (atom: AutomationAtom) =>
  (COMPANY_EVENTS as readonly string[]).includes(atom.parameter);

/**
 * A company event (credit low) is evaluated once for the company, not per device: it must be the
 * only condition, and the rule can only tell people.
 */
const companyEventProblems = (condition: Branch): AutomationProblem[] => {
  const index = condition.expression.findIndex(isCompanyEvent);
  const nested = (condition.conditions ?? []).some((branch) =>
    branch.expression.some(isCompanyEvent),
  );
  if (index === -1 && !nested) return [];
  const key = condition.expression[index]?.parameter ?? 'credit_low';
  const problems: AutomationProblem[] = [];
  if (index === -1 || condition.expression.length > 1 || condition.conditions?.length)
    problems.push({
      path: index === -1 ? ['conditions'] : ['expression', index, 'parameter'],
      message: AUTOMATION_MESSAGES.companyEventAlone(key),
    });
  condition.actions.forEach((action, at) => {
    if (!(COMPANY_EVENT_ACTIONS as readonly string[]).includes(action.name))
      problems.push({
        path: ['actions', at, 'name'],
        message: AUTOMATION_MESSAGES.companyEventAction(action.name),
      });
  });
  return problems;
};

/**
 * A conditions_body as a rule's write takes it: the shape, then every atom against the parameter
 * catalogue, all problems at once with their paths (`0.expression.1.value`), so the server's 422
 * `source` under the body reads `conditions_body.0.expression.1.value`.
 */
export const conditionsBodySchema = z
  .array(automationConditionSchema)
  .max(1)
  .min(1, AUTOMATION_MESSAGES.conditionRequired)
  .superRefine((body, ctx) => {
    body.forEach((condition, index) => {
      for (const problem of [...branchProblems(condition), ...companyEventProblems(condition)])
        ctx.addIssue({ code: 'custom', path: [index, ...problem.path], message: problem.message });
    });
  });
export type ConditionsBody = z.infer<typeof conditionsBodySchema>;

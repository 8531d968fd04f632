import type { z } from 'zod';
import {
  createAutomationBodySchema,
  type Automation,
  type AutomationActionName,
  type CreateAutomationBody,
} from '@netfleet/contracts';

// The editor's values are the create body as the contract takes it (its input type): the contract
// is the resolver, and what it produces is what is sent. Durations stay in seconds in the values;
// the inputs show minutes.

export const ruleFormSchema = createAutomationBodySchema;
export type RuleFormInput = z.input<typeof createAutomationBodySchema>;
export type RuleFormOutput = CreateAutomationBody;
export type ConditionInput = RuleFormInput['conditions_body'][number];
export type AtomInput = NonNullable<ConditionInput['expression']>[number];
export type ActionInput = NonNullable<ConditionInput['actions']>[number];

/** The top condition's lists, as form paths. */
export const EXPRESSION = 'conditions_body.0.expression' as const;
export const ACTIONS = 'conditions_body.0.actions' as const;

export const newAtom = (): AtomInput => ({ parameter: '', operator: '', value: null });

export function newRuleForm(): RuleFormInput {
  return {
    name: '',
    description: '',
    enabled: true,
    delay_enabled: false,
    delay_duration: 0,
    delay_repetitions_count: 0,
    cooldown_enabled: false,
    cooldown_duration: 0,
    renotify_interval: 0,
    scope: { tag_id: [], company_id: [] },
    conditions_body: [{ type: 'if', expression: [newAtom()], actions: [] }],
  };
}

/** A saved rule as the editor's values; its owner stays (an update does not send the company). */
export function ruleFormOf(automation: Automation): RuleFormInput {
  const [condition] = automation.conditions_body;
  return {
    name: automation.name,
    description: automation.description,
    enabled: automation.enabled,
    delay_enabled: automation.delay_enabled,
    delay_duration: automation.delay_duration,
    delay_repetitions_count: automation.delay_repetitions_count,
    cooldown_enabled: automation.cooldown_enabled,
    cooldown_duration: automation.cooldown_duration,
    renotify_interval: automation.renotify_interval ?? 0,
    scope: automation.scope ?? { tag_id: [], company_id: [] },
    conditions_body: [condition ?? { type: 'if', expression: [newAtom()], actions: [] }],
  };
}

/** The actions the editor adds, in the order its menu offers them. */
export const ADDABLE_ACTIONS = [
  'SendNotification',
  'SendEmail',
  'SendWebhook',
  'Reboot',
  'RunCommand',
  'TaskManagerAction',
] as const satisfies readonly AutomationActionName[];
export type AddableAction = (typeof ADDABLE_ACTIONS)[number];

/** A new action of `name`, its options filled as far as the user is known. */
export function newAction(name: AddableAction, user: { id: number; email: string }): ActionInput {
  switch (name) {
    case 'SendNotification':
      return { name, options: { message: '', receiving_users: [String(user.id)] } };
    case 'SendEmail':
      return { name, options: { subject: '', message: '', receiving_emails: [user.email] } };
    case 'SendWebhook':
      return { name, options: { webhook_id: undefined as unknown as number } };
    case 'RunCommand':
      return { name, options: { command: '' } };
    case 'TaskManagerAction':
      return { name, options: { task_group_id: '' } };
    case 'Reboot':
      return { name };
  }
}

export const SECONDS_PER_MINUTE = 60;
/** Seconds shown as minutes (fractions kept, so a rule saved through the API reads the same). */
export const toMinutes = (seconds: number | undefined): number =>
  Math.round(((seconds ?? 0) / SECONDS_PER_MINUTE) * 100) / 100;
export const toSeconds = (minutes: number): number => Math.round(minutes * SECONDS_PER_MINUTE);

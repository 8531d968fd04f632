import { automationParameterOf, type CreateAutomationBody } from '@netfleet/contracts';
import type { Atom, Operator, RuleDefinition } from './rule-types';

type StoredAutomation = Pick<
  CreateAutomationBody,
  | 'conditions_body'
  | 'delay_enabled'
  | 'delay_duration'
  | 'delay_repetitions_count'
  | 'cooldown_enabled'
  | 'cooldown_duration'
  | 'renotify_interval'
>;

type BodyAtom = StoredAutomation['conditions_body'][number]['expression'][number];

/**
 * An event atom (`firmware_changed == true`) becomes `changed`: the gateway observes each event as
 * a new value of its key (the event's time), so the rule fires once per event and opens nothing.
 */
const atomOf = (atom: BodyAtom): Atom => {
  const event = automationParameterOf(atom.parameter)?.type === 'event';
  const value = typeof atom.value === 'number' || typeof atom.value === 'string' ? atom.value : '';
  return {
    parameter: atom.parameter,
    operator: event ? 'changed' : (atom.operator as Operator),
    value: event ? '' : value,
    ...(atom.hysteresis ? { hysteresis: atom.hysteresis } : {}),
    ...(atom.joins_with ? { joinsWith: atom.joins_with } : {}),
  };
};

/**
 * What the evaluator needs of an automation the request schemas accepted: whether it fires is its
 * top `if`; nested branches only choose the actions once it has fired. The RMS switches turn the
 * delay and cooldown off whatever their durations say.
 */
export const ruleDefinitionOf = (id: number, automation: StoredAutomation): RuleDefinition => ({
  id,
  expression: (automation.conditions_body[0]?.expression ?? []).map(atomOf),
  delaySeconds: automation.delay_enabled ? automation.delay_duration : 0,
  repetitions: automation.delay_enabled ? automation.delay_repetitions_count : 0,
  cooldownSeconds: automation.cooldown_enabled ? automation.cooldown_duration : 0,
  renotifySeconds: automation.renotify_interval,
});

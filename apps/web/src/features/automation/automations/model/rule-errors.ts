import type { Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-client';
import type { RuleFormInput } from './rule-form';

type Segment = string | number;

const TOP_INPUTS = [
  'name',
  'description',
  'enabled',
  'delay_enabled',
  'delay_duration',
  'delay_repetitions_count',
  'cooldown_enabled',
  'cooldown_duration',
  'renotify_interval',
];
const HIDDEN_UNLESS: Readonly<Record<string, 'delay_enabled' | 'cooldown_enabled'>> = {
  delay_duration: 'delay_enabled',
  delay_repetitions_count: 'delay_enabled',
  cooldown_duration: 'cooldown_enabled',
};
const ATOM_INPUTS = ['parameter', 'operator', 'value', 'hysteresis', 'joins_with'];

const isIndex = (segment: Segment | undefined): segment is number => typeof segment === 'number';

/** A server `source` as a path: `conditions_body.0.expression.1.value` → [..., 0, ..., 1, 'value']. */
export const sourcePath = (source: string): Segment[] =>
  source.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));

/** Where the editor shows what the body's `path` names; null when it shows no such input. */
function conditionInput(rest: readonly Segment[], values: RuleFormInput): Segment[] | null {
  const [list, index, field, option] = rest;
  const base = ['conditions_body', 0];
  const condition = values.conditions_body[0];
  if (list === undefined) return ['conditions_body'];
  if (list === 'expression') {
    if (!isIndex(index)) return [...base, 'expression'];
    if (index >= (condition?.expression?.length ?? 0)) return null;
    const input = ATOM_INPUTS.find((name) => name === field) ?? 'parameter';
    return [...base, 'expression', index, input];
  }
  if (list === 'actions') {
    if (!isIndex(index)) return [...base, 'actions'];
    if (index >= (condition?.actions?.length ?? 0)) return null;
    // An option's list item (`receiving_emails.0`) shows under the option's input.
    if (field === 'options' && typeof option === 'string')
      return [...base, 'actions', index, 'options', option];
    return [...base, 'actions', index, 'name'];
  }
  // Nested branches are not edited here.
  return null;
}

/** The input showing a message about `path` of the body, or null for the list above the buttons. */
export function inputPath(
  path: readonly Segment[],
  values: RuleFormInput,
  { scope }: { scope: boolean },
): Segment[] | null {
  const [field, index, ...rest] = path;
  if (typeof field !== 'string') return null;
  // Inputs behind a switch that is off are not shown: their messages go to the list.
  if (HIDDEN_UNLESS[field] && !values[HIDDEN_UNLESS[field]]) return null;
  if (TOP_INPUTS.includes(field)) return [field];
  if (field === 'scope') {
    const list = index === 'tag_id' || index === 'company_id' ? index : null;
    return scope && list ? ['scope', list] : null;
  }
  if (field === 'conditions_body') return isIndex(index) ? conditionInput(rest, values) : [field];
  return null;
}

/**
 * Puts a failed save's messages under the inputs their `source` names (a condition's value, an
 * action's recipient) and returns the rest for the list above the buttons.
 */
export function applyRuleErrors(
  error: unknown,
  values: RuleFormInput,
  setError: UseFormSetError<RuleFormInput>,
  options: { scope: boolean },
): string[] {
  if (!isApiError(error) || error.errors.length === 0)
    return error instanceof Error ? [error.message] : [];
  const others: string[] = [];
  for (const item of error.errors) {
    const path = item.source === null ? null : inputPath(sourcePath(item.source), values, options);
    if (path) {
      setError(path.join('.') as Path<RuleFormInput>, { type: 'server', message: item.message });
    } else {
      others.push(item.message);
    }
  }
  return others;
}

import {
  AUTOMATION_PARAMETERS,
  automationParameterOf,
  HYSTERESIS_OPERATORS,
  type AutomationParameter,
} from '@netfleet/contracts';
import { ENUM_LABELS, PARAMETER_LABELS, SECOND_MODEM, SOURCE_LABELS } from '../texts';

export interface EnumOption {
  value: number;
  label: string;
}

// Spec: "0 Offline, 1 Online"; "IO level 0 Low, 1 High. Relay 0 Closed, 1 Open."
const ENUMERATIONS: Readonly<Record<string, readonly EnumOption[]>> = {
  status: [
    { value: 0, label: ENUM_LABELS.offline },
    { value: 1, label: ENUM_LABELS.online },
  ],
  io_input: [
    { value: 0, label: ENUM_LABELS.low },
    { value: 1, label: ENUM_LABELS.high },
  ],
  io_relay: [
    { value: 0, label: ENUM_LABELS.closed },
    { value: 1, label: ENUM_LABELS.open },
  ],
  sim_slot: [
    { value: 1, label: 'SIM 1' },
    { value: 2, label: 'SIM 2' },
    { value: 3, label: 'eSIM' },
  ],
  sim_slot_2: [
    { value: 1, label: 'SIM 1' },
    { value: 2, label: 'SIM 2' },
    { value: 3, label: 'eSIM' },
  ],
};

const SECOND_MODEM_SUFFIX = '_2';

/** A parameter's label in the shown language; the catalogue's own when the texts lack its key. */
export function parameterLabel(parameter: AutomationParameter): string {
  const own = PARAMETER_LABELS[parameter.key];
  if (own) return own;
  const first = parameter.key.endsWith(SECOND_MODEM_SUFFIX)
    ? PARAMETER_LABELS[parameter.key.slice(0, -SECOND_MODEM_SUFFIX.length)]
    : undefined;
  return first ? SECOND_MODEM(first) : parameter.label;
}

/** The parameter picker's options, grouped by where the values come from. */
export function parameterGroups(): { group: string; items: { value: string; label: string }[] }[] {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const parameter of AUTOMATION_PARAMETERS) {
    const group = SOURCE_LABELS[parameter.source] ?? parameter.source;
    const name = parameterLabel(parameter);
    const label = parameter.unit ? `${name} (${parameter.unit})` : name;
    groups.set(group, [...(groups.get(group) ?? []), { value: parameter.key, label }]);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** A rule's key as the picker's key and the pin: `io_input:Door` → io_input, Door. */
export function splitKey(key: string): { base: string; pin: string | null } {
  const colon = key.indexOf(':');
  return colon === -1
    ? { base: key, pin: null }
    : { base: key.slice(0, colon), pin: key.slice(colon + 1) };
}

/** The catalogue entry the picker's key names (named parameters by their prefix). */
export const catalogueEntry = (base: string): AutomationParameter | undefined =>
  AUTOMATION_PARAMETERS.find((parameter) => parameter.key === base);

export type ValueKind =
  | { kind: 'none' }
  | { kind: 'event' }
  | { kind: 'enum'; options: readonly EnumOption[] }
  | { kind: 'number'; unit: string | null }
  | { kind: 'text' };

/** What the value input of an atom is: by the parameter's type, and none for `changed`. */
export function valueKind(parameter: AutomationParameter | undefined, operator: string): ValueKind {
  if (!parameter || operator === 'changed') return { kind: 'none' };
  if (parameter.type === 'event') return { kind: 'event' };
  if (parameter.type === 'string') return { kind: 'text' };
  const options = ENUMERATIONS[parameter.key];
  if (options) return { kind: 'enum', options };
  return { kind: 'number', unit: parameter.unit };
}

export const takesHysteresis = (operator: string): boolean =>
  (HYSTERESIS_OPERATORS as readonly string[]).includes(operator);

/** The value an atom starts with for a parameter and operator. */
export function initialValue(parameter: AutomationParameter | undefined, operator: string) {
  const { kind } = valueKind(parameter, operator);
  if (kind === 'event') return true;
  if (kind === 'text') return '';
  return null;
}

/** A parameter's value as logs show it: `signal: -118 dBm`, `io_input:Door: 1 (High)`. */
export function formatParameter(key: string, value: unknown): string {
  const parameter = automationParameterOf(key);
  if (value === null || value === undefined) return `${key}: —`;
  const enumLabel = parameter
    ? ENUMERATIONS[parameter.key]?.find((option) => option.value === Number(value))?.label
    : undefined;
  if (enumLabel) return `${key}: ${String(value)} (${enumLabel})`;
  const unit = parameter?.unit;
  return unit ? `${key}: ${String(value)} ${unit}` : `${key}: ${String(value)}`;
}

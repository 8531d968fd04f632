import { List, Text } from '@mantine/core';
import type { Automation } from '@netfleet/contracts';
import { automationParameterOf } from '@netfleet/contracts';
import { ACTION_LABELS, AUTOMATIONS_TEXTS as T, OPERATOR_LABELS } from '../texts';

type ConditionsBody = Automation['conditions_body'];
type Atom = NonNullable<ConditionsBody[number]['expression']>[number];

/** One atom as text: `signal < -110 dBm (hysteresis 3)`. */
export function atomText(atom: Atom): string {
  const unit = automationParameterOf(atom.parameter)?.unit;
  const operator = OPERATOR_LABELS[atom.operator] ?? atom.operator;
  if (atom.operator === 'changed') return `${atom.parameter} ${operator}`;
  const value = atom.value === null || atom.value === undefined ? '' : String(atom.value);
  const hysteresis = atom.hysteresis ? ` (${T.hysteresis.toLowerCase()} ${atom.hysteresis})` : '';
  return `${atom.parameter} ${operator} ${value}${unit ? ` ${unit}` : ''}${hysteresis}`;
}

/** The top condition's atoms joined as written, and its actions. */
export function RuleSummary({ body }: { body: ConditionsBody }) {
  const [condition] = body;
  if (!condition) return <Text size="sm">{T.none}</Text>;
  const atoms = condition.expression ?? [];
  const text = atoms
    .map((atom, index) =>
      index < atoms.length - 1 && atom.joins_with
        ? `${atomText(atom)} ${atom.joins_with === '&&' ? T.and : T.or}`
        : atomText(atom),
    )
    .join(' ');
  return (
    <>
      <Text size="sm" ff="monospace">
        {text || T.none}
      </Text>
      {(condition.actions ?? []).length > 0 && (
        <List size="sm" mt={4}>
          {(condition.actions ?? []).map((action, index) => (
            <List.Item key={index}>{ACTION_LABELS[action.name] ?? action.name}</List.Item>
          ))}
        </List>
      )}
    </>
  );
}

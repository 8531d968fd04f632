import type { CompiledAtom, CompiledRule, ParameterValue } from './rule-types';

/** A device's last known value of a parameter (undefined: never seen). */
export type ValueOf = (parameter: string) => ParameterValue | undefined;

/**
 * Whether one atom holds. An unknown value makes it false (so `!=` on a parameter never seen does
 * not fire); `changed` holds only on the reading that changed the value. While the rule is open
 * the numeric operators compare with the clear boundary (hysteresis).
 */
export const atomHolds = (
  atom: CompiledAtom,
  value: ParameterValue | undefined,
  changed: boolean,
  open: boolean,
): boolean => {
  if (atom.operator === 'changed') return changed;
  if (value === undefined) return false;
  if (atom.operator === '==') return value === atom.value;
  if (atom.operator === '!=') return value !== atom.value;
  const bound = open ? atom.clear : atom.value;
  if (typeof value !== 'number' || typeof bound !== 'number') return false;
  switch (atom.operator) {
    case '<':
      return value < bound;
    case '<=':
      return value <= bound;
    case '>':
      return value > bound;
    case '>=':
      return value >= bound;
  }
};

/**
 * Whether the rule's expression holds; `changed` lists the parameters this reading changed. Plain
 * loops: this runs for every rule a reading touches.
 */
export const expressionHolds = (
  rule: CompiledRule,
  valueOf: ValueOf,
  changed: ReadonlySet<string> | null,
  open: boolean,
): boolean => {
  for (const group of rule.groups) {
    let all = true;
    for (const index of group) {
      const atom = rule.atoms[index] as CompiledAtom;
      const parameter = atom.parameter;
      if (!atomHolds(atom, valueOf(parameter), changed?.has(parameter) ?? false, open)) {
        all = false;
        break;
      }
    }
    if (all) return true;
  }
  return false;
};

import type { CompiledRule, ParameterValue } from './rule-types';

/**
 * Where the truth of a group's atoms on one parameter can change (design §4.3). A rule without
 * state was false when last evaluated, so a new value can only make it true through an atom whose
 * fire boundary lies between the old value and the new one: 1,000 rules on a parameter cost a
 * binary search per reading, not 1,000 evaluations.
 */
export interface ParameterIndex {
  /** Every rule reading the parameter, by id (its first value evaluates them all). */
  readonly rules: readonly CompiledRule[];
  /** Fire boundaries of the <, <=, >, >= atoms, ascending; `boundRules[i]` owns `bounds[i]`. */
  readonly bounds: Float64Array;
  readonly boundRules: readonly CompiledRule[];
  /** Rules with a numeric comparison on it: all of them when a value is not a finite number. */
  readonly numericRules: readonly CompiledRule[];
  /** The == and != atoms' rules by the atom's value. */
  readonly equal: ReadonlyMap<ParameterValue, readonly CompiledRule[]>;
  /** Rules with a 'changed' atom on it. */
  readonly changed: readonly CompiledRule[];
}

const isFiniteNumber = (value: ParameterValue): value is number =>
  typeof value === 'number' && Number.isFinite(value);

const addOnce = <K>(map: Map<K, CompiledRule[]>, key: K, rule: CompiledRule) => {
  const list = map.get(key);
  if (!list) map.set(key, [rule]);
  else if (list[list.length - 1] !== rule) list.push(rule);
};

/** Indexes rules sorted by id, per parameter they read. */
export const indexParameters = (rules: readonly CompiledRule[]) => {
  const byParameter = new Map<string, CompiledRule[]>();
  const numeric = new Map<string, CompiledRule[]>();
  const changed = new Map<string, CompiledRule[]>();
  const equal = new Map<string, Map<ParameterValue, CompiledRule[]>>();
  const bounds = new Map<string, { bound: number; rule: CompiledRule }[]>();
  for (const rule of rules)
    for (const atom of rule.atoms) {
      const parameter = atom.parameter;
      addOnce(byParameter, parameter, rule);
      if (atom.operator === 'changed') addOnce(changed, parameter, rule);
      else if (atom.operator === '==' || atom.operator === '!=') {
        const values = equal.get(parameter) ?? new Map<ParameterValue, CompiledRule[]>();
        equal.set(parameter, values);
        addOnce(values, atom.value, rule);
      } else if (isFiniteNumber(atom.value)) {
        // A numeric comparison with anything else never holds, so it never changes.
        addOnce(numeric, parameter, rule);
        const list = bounds.get(parameter) ?? [];
        bounds.set(parameter, list);
        list.push({ bound: atom.value, rule });
      }
    }
  const index = new Map<string, ParameterIndex>();
  for (const [parameter, list] of byParameter) {
    const sorted = (bounds.get(parameter) ?? []).sort((a, b) => a.bound - b.bound);
    index.set(parameter, {
      rules: list,
      bounds: Float64Array.from(sorted, (entry) => entry.bound),
      boundRules: sorted.map((entry) => entry.rule),
      numericRules: numeric.get(parameter) ?? [],
      equal: equal.get(parameter) ?? new Map(),
      changed: changed.get(parameter) ?? [],
    });
  }
  return index;
};

/** The first position whose bound is at least `value`. */
const lowerBound = (bounds: Float64Array, value: number) => {
  let low = 0;
  let high = bounds.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((bounds[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
};

/**
 * Adds to `into` the rules of which an atom on this parameter may change truth when its value goes
 * from `before` (undefined: never known) to `after`, a different value.
 */
export const crossedBy = (
  index: ParameterIndex,
  before: ParameterValue | undefined,
  after: ParameterValue,
  into: Set<CompiledRule>,
) => {
  if (before === undefined) {
    for (const rule of index.rules) into.add(rule);
    return;
  }
  if (isFiniteNumber(before) && isFiniteNumber(after)) {
    const high = Math.max(before, after);
    for (let i = lowerBound(index.bounds, Math.min(before, after)); i < index.bounds.length; i++) {
      if ((index.bounds[i] as number) > high) break;
      into.add(index.boundRules[i] as CompiledRule);
    }
  } else for (const rule of index.numericRules) into.add(rule);
  for (const rule of index.equal.get(before) ?? []) into.add(rule);
  for (const rule of index.equal.get(after) ?? []) into.add(rule);
  for (const rule of index.changed) into.add(rule);
};

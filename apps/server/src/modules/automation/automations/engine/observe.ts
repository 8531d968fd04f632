import { expressionHolds } from './expression';
import type { DeviceEntry, Engine } from './pair-state';
import { stepReading } from './pair-steps';
import type { RuleGroup } from './rule-groups';
import type { CompiledRule, ParameterValue } from './rule-types';
import { crossedBy } from './threshold-index';

type Previous = ReadonlyMap<string, ParameterValue | undefined>;

/**
 * The rules a reading can change, by id. A rule with state (pending, open, cooling down) counts
 * every reading of its parameters. One without was false when its values were last evaluated, so
 * only a value crossing one of its atoms' boundaries can make it true (threshold-index.ts).
 */
const candidatesOf = (
  engine: Engine,
  device: DeviceEntry,
  group: RuleGroup,
  values: Readonly<Record<string, ParameterValue>>,
  previous: Previous,
): readonly CompiledRule[] => {
  let found: Set<CompiledRule> | null = null;
  for (const [key, before] of previous) {
    const index = group.parameters.get(key);
    if (index) crossedBy(index, before, values[key] as ParameterValue, (found ??= new Set()));
  }
  if (device.pairs)
    for (const ruleId of device.pairs.keys()) {
      const rule = engine.rules.get(ruleId);
      if (!rule || !group.ids.has(ruleId)) continue;
      if (rule.parameters.some((key) => Object.hasOwn(values, key)))
        (found ??= new Set()).add(rule);
    }
  if (!found) return [];
  const list = [...found];
  if (list.length > 1) list.sort((a, b) => a.id - b.id);
  return list;
};

type Scratch = { previous: Map<string, ParameterValue | undefined>; changed: Set<string> };
/**
 * Reused by every reading (10k a second allocated two collections each for nothing): a reading is
 * evaluated to the end synchronously and nothing keeps them. A reading observed from inside
 * another (a transition's listener) takes fresh ones.
 */
const shared: Scratch = { previous: new Map(), changed: new Set() };
let sharedInUse = false;

/** Merges a reading into the device's known values and evaluates the rules it can change. */
export const observeReading = (
  engine: Engine,
  device: DeviceEntry,
  values: Readonly<Record<string, ParameterValue>>,
  at: number,
) => {
  const reuse = !sharedInUse;
  const scratch: Scratch = reuse ? shared : { previous: new Map(), changed: new Set() };
  sharedInUse = true;
  try {
    scratch.previous.clear();
    scratch.changed.clear();
    evaluate(engine, device, values, at, scratch);
  } finally {
    if (reuse) sharedInUse = false;
  }
};

const evaluate = (
  engine: Engine,
  device: DeviceEntry,
  values: Readonly<Record<string, ParameterValue>>,
  at: number,
  { previous, changed }: Scratch,
) => {
  // The values new or different, with the value known before (undefined: none).
  for (const key in values) {
    const value = values[key] as ParameterValue;
    const before = device.values.get(key);
    if (before === value) continue;
    previous.set(key, before);
    if (before !== undefined) changed.add(key);
    device.values.set(key, value);
  }
  const group = device.group;
  if (!group) return;
  const everything = device.seen !== group.version;
  device.seen = group.version;
  const valueOf = (key: string) => device.values.get(key);
  // A group this device never evaluated (new, or its rules changed) is evaluated whole, once.
  const rules = everything ? group.all : candidatesOf(engine, device, group, values, previous);
  for (const rule of rules) {
    if (device.disabled?.has(rule.id)) continue;
    const open = device.pairs?.get(rule.id)?.phase === 'open';
    stepReading(engine, device, rule, expressionHolds(rule, valueOf, changed, open), at);
  }
};

import { expressionHolds } from './expression';
import type { DeviceEntry, Engine } from './pair-state';
import { stepReading } from './pair-steps';
import type { RuleGroup } from './rule-groups';
import type { CompiledRule, ParameterValue } from './rule-types';

/**
 * The rules a reading can change, by id: all of the device's group when the group changed since
 * its last reading, else those reading one of the reading's keys.
 */
const candidatesOf = (group: RuleGroup, keys: readonly string[], everything: boolean) => {
  if (everything) return group.all;
  const lists: CompiledRule[][] = [];
  for (const key of keys) {
    const list = group.byParam.get(key);
    if (list) lists.push(list);
  }
  if (lists.length <= 1) return lists[0] ?? [];
  return [...new Set(lists.flat())].sort((a, b) => a.id - b.id);
};

/** Merges a reading into the device's known values and evaluates the rules it can change. */
export const observeReading = (
  engine: Engine,
  device: DeviceEntry,
  values: Readonly<Record<string, ParameterValue>>,
  at: number,
) => {
  const keys = Object.keys(values);
  // touched: values new or different; changed: different from a value known before.
  const touched = new Set<string>();
  const changed = new Set<string>();
  for (const key of keys) {
    const value = values[key] as ParameterValue;
    const previous = device.values.get(key);
    if (previous === value) continue;
    touched.add(key);
    if (previous !== undefined) changed.add(key);
    device.values.set(key, value);
  }
  const group = device.group;
  if (!group) return;
  const everything = device.seen !== group.version;
  device.seen = group.version;
  const valueOf = (key: string) => device.values.get(key);
  for (const rule of candidatesOf(group, keys, everything)) {
    if (device.disabled?.has(rule.id)) continue;
    const pair = device.pairs?.get(rule.id);
    let read = false;
    let fresh = false;
    for (const key of rule.parameters) {
      read ||= Object.hasOwn(values, key);
      fresh ||= touched.has(key);
    }
    // A rule without state was false when its values were last evaluated, so unchanged values
    // keep it false (its 'changed' atoms only get falser); pending ones count every reading. A
    // rule this device never evaluated in this group is looked at once, whatever the reading.
    const due = read ? pair !== undefined || everything || fresh : pair === undefined;
    if (!due) continue;
    const holds = expressionHolds(rule, valueOf, changed, pair?.phase === 'open');
    stepReading(engine, device, rule, holds, at);
  }
};

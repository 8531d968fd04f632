import type { CompiledRule } from './rule-types';
import { indexParameters, type ParameterIndex } from './threshold-index';

/**
 * The rules assigned to some devices. Devices with the same assignment share one group, so a
 * device costs a pointer, not its own index.
 */
export interface RuleGroup {
  readonly ids: ReadonlySet<number>;
  /** The group's known rules, by id. */
  all: CompiledRule[];
  /** Per parameter its rules read: the rules and their boundaries (threshold-index.ts). */
  parameters: Map<string, ParameterIndex>;
  /** Changes whenever the group's rules change: devices then evaluate all of them once. */
  version: number;
  devices: number;
}

export interface RuleGroups {
  /** The group of these rule ids, shared with devices of the same assignment. */
  acquire(ruleIds: readonly number[]): RuleGroup;
  release(group: RuleGroup): void;
  /** Rebuilds every group against a new rule set. */
  rebuild(rules: ReadonlyMap<number, CompiledRule>): void;
}

const keyOf = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b).join(',');

export const createRuleGroups = (initial: ReadonlyMap<number, CompiledRule>): RuleGroups => {
  const groups = new Map<string, RuleGroup>();
  let rules = initial;
  let versions = 0;

  const index = (group: RuleGroup) => {
    group.all = [...group.ids]
      .sort((a, b) => a - b)
      .flatMap((id) => {
        const rule = rules.get(id);
        return rule ? [rule] : [];
      });
    group.parameters = indexParameters(group.all);
    versions += 1;
    group.version = versions;
  };

  return {
    acquire(ruleIds) {
      const key = keyOf(ruleIds);
      let group = groups.get(key);
      if (!group) {
        group = { ids: new Set(ruleIds), all: [], parameters: new Map(), version: 0, devices: 0 };
        index(group);
        groups.set(key, group);
      }
      group.devices += 1;
      return group;
    },
    release(group) {
      group.devices -= 1;
      if (group.devices <= 0) groups.delete(keyOf([...group.ids]));
    },
    rebuild(next) {
      rules = next;
      for (const group of groups.values()) index(group);
    },
  };
};

import type { AutomationAction } from '@netfleet/contracts';
import { compileRule } from '@/modules/automation/automations/engine/compile';
import { ruleDefinitionOf } from '@/modules/automation/automations/engine/rule-definition';
import type { CompiledRule } from '@/modules/automation/automations/engine/rule-types';
import { type Branch, branchesOf, nestedParameters, topTag } from './nested-conditions';
import type { RuleRow } from './runtime.repository';

/** What the writer and the actions need of a rule besides its compiled form. */
export interface RuleMeta {
  id: number;
  name: string;
  companyId: number;
  userId: number | null;
  /** conditions_body_version, the revision an event was evaluated with. */
  revision: number;
  /** The top condition's actions; `branches` adds those of the nested if/else it fired into. */
  actions: readonly AutomationAction[];
  parameters: readonly string[];
  /** The top condition's tag (`cond_0`) and its nested branches, compiled. */
  tag: string;
  branches: readonly Branch[];
  /** What the nested branches read besides `parameters`. */
  nestedParameters: readonly string[];
  /** Fires per device per UTC day (RMS period_trigger_limit); null: no limit. */
  periodTriggerLimit: number | null;
}

export interface LoadedRules {
  /** The enabled rules that compiled. */
  rules: CompiledRule[];
  compiled: ReadonlySet<number>;
  /** Every rule, enabled or not: a resolve of a rule switched off is still worded with its name. */
  meta: Map<number, RuleMeta>;
}

/** The parameters a rule's top expression reads, in order of first use. */
const parametersOf = (row: RuleRow) => [
  ...new Set((row.conditionsBody[0]?.expression ?? []).map((atom) => atom.parameter)),
];

export const metaOf = (row: RuleRow): RuleMeta => {
  const top = row.conditionsBody[0];
  const parameters = parametersOf(row);
  const branches = branchesOf(top);
  return {
    id: row.id,
    name: row.name,
    companyId: row.companyId,
    userId: row.userId,
    revision: row.conditionsBodyVersion,
    actions: top?.actions ?? [],
    parameters,
    tag: topTag(top),
    branches,
    nestedParameters: nestedParameters(branches, parameters),
    periodTriggerLimit: row.periodTriggerLimit,
  };
};

interface Cached {
  key: string;
  rule: CompiledRule;
}

/**
 * Compiles the enabled rules. A rule whose definition did not change keeps its compiled object,
 * so the evaluator keeps its states as they are (it resettles only rules whose object changed).
 * A rule that does not compile is skipped and reported once per definition.
 */
export const createRuleCompiler = (warn: (id: number, message: string) => void) => {
  let cache = new Map<number, Cached>();
  const reported = new Set<string>();
  return (rows: readonly RuleRow[]): LoadedRules => {
    const next = new Map<number, Cached>();
    const meta = new Map<number, RuleMeta>();
    const rules: CompiledRule[] = [];
    const compiled = new Set<number>();
    for (const row of rows) {
      const definition = ruleDefinitionOf(row.id, {
        conditions_body: row.conditionsBody,
        delay_enabled: row.delayEnabled,
        delay_duration: row.delayDuration,
        delay_repetitions_count: row.delayRepetitionsCount,
        cooldown_enabled: row.cooldownEnabled,
        cooldown_duration: row.cooldownDuration,
        renotify_interval: row.renotifyInterval,
      });
      const rowMeta = metaOf(row);
      meta.set(row.id, rowMeta);
      // Nested branches' parameters ride along on its transitions (they choose the actions).
      const carries = rowMeta.nestedParameters;
      const key = JSON.stringify([definition, carries]);
      if (!row.enabled) continue;
      let cached = cache.get(row.id);
      if (cached?.key !== key) {
        const result = compileRule(definition);
        if (!result.ok) {
          if (!reported.has(key)) {
            reported.add(key);
            const first = result.errors[0];
            warn(row.id, `${first?.path ?? ''}: ${first?.message ?? 'does not compile'}`);
          }
          continue;
        }
        cached = {
          key,
          rule: carries.length > 0 ? { ...result.rule, carries } : result.rule,
        };
      }
      next.set(row.id, cached);
      rules.push(cached.rule);
      compiled.add(row.id);
    }
    cache = next;
    return { rules, meta, compiled };
  };
};

/** Rule ids per device from (rule, device) pairs, only of rules that compiled. */
export const rulesByDevice = (
  coverage: ReadonlyMap<number, readonly number[]>,
  compiled: ReadonlySet<number>,
) => {
  // Devices share their lists (coverage-index): filter each list once.
  const filtered = new Map<readonly number[], number[]>();
  const byDevice = new Map<number, number[]>();
  for (const [deviceId, rules] of coverage) {
    let list = filtered.get(rules);
    if (!list) {
      list = rules.filter((id) => compiled.has(id));
      filtered.set(rules, list);
    }
    if (list.length) byDevice.set(deviceId, list);
  }
  return byDevice;
};

import type { AutomationAction, ConditionsBody } from '@netfleet/contracts';
import { compileRule } from '@/modules/automation/automations/engine/compile';
import { expressionHolds } from '@/modules/automation/automations/engine/expression';
import { ruleDefinitionOf } from '@/modules/automation/automations/engine/rule-definition';
import type {
  CompiledRule,
  ParameterValue,
} from '@/modules/automation/automations/engine/rule-types';

type Condition = ConditionsBody[number];
/** A nested branch as stored: `if` with an expression or `else`, and maybe branches below. */
interface StoredBranch {
  type: 'if' | 'else';
  expression: Condition['expression'];
  actions: AutomationAction[];
  tag?: string | undefined;
  conditions?: StoredBranch[] | undefined;
}

/** A nested branch ready to decide: its tag, its compiled expression (null for `else`). */
export interface Branch {
  tag: string;
  rule: CompiledRule | null;
  actions: readonly AutomationAction[];
  branches: readonly Branch[];
}

export interface Decision {
  actions: AutomationAction[];
  /** evaluated_conditions: the top tag, then each nested branch looked at, in order. */
  conditions: { key: string; value: boolean }[];
}

/** The top condition's tag (RMS `cond_0`). */
export const topTag = (condition: Condition | undefined) => condition?.tag || 'cond_0';

/** An expression as the evaluator holds it; a branch that does not compile never holds. */
const compiled = (branch: StoredBranch): CompiledRule | null => {
  const result = compileRule(
    ruleDefinitionOf(0, {
      conditions_body: [{ ...branch, type: 'if' }] as ConditionsBody,
      delay_enabled: false,
      delay_duration: 0,
      delay_repetitions_count: 0,
      cooldown_enabled: false,
      cooldown_duration: 0,
      renotify_interval: 0,
    }),
  );
  return result.ok ? result.rule : null;
};

/**
 * The nested branches of the top condition, compiled once per load. Untagged branches are
 * numbered depth first after the top (`cond_1`, `cond_2`, …), as RMS numbers its tags.
 */
export const branchesOf = (condition: Condition | undefined): Branch[] => {
  let next = 1;
  const walk = (branches: readonly StoredBranch[] | undefined): Branch[] =>
    (branches ?? []).map((branch) => {
      const tag = branch.tag || `cond_${next}`;
      next += 1;
      return {
        tag,
        rule: branch.type === 'if' ? compiled(branch) : null,
        actions: branch.actions,
        branches: walk(branch.conditions),
      };
    });
  return walk(condition?.conditions as StoredBranch[] | undefined);
};

/** Parameters the nested branches read that the top expression does not. */
export const nestedParameters = (branches: readonly Branch[], top: readonly string[]) => {
  const found = new Set<string>();
  const walk = (list: readonly Branch[]) => {
    for (const branch of list) {
      for (const parameter of branch.rule?.parameters ?? []) found.add(parameter);
      walk(branch.branches);
    }
  };
  walk(branches);
  for (const parameter of top) found.delete(parameter);
  return [...found];
};

/**
 * Which actions a firing runs (design §4.1): the top condition's always; under it, the nested
 * `if` when it holds on the firing's values, otherwise its `else`, and so on one level down.
 * Evaluated once, on the values of the reading that fired; `changed` atoms do not hold here.
 */
export const decideBranches = (
  top: { tag: string; actions: readonly AutomationAction[]; branches: readonly Branch[] },
  values: Readonly<Record<string, ParameterValue | null>>,
): Decision => {
  const actions: AutomationAction[] = [...top.actions];
  const conditions = [{ key: top.tag, value: true }];
  const valueOf = (key: string) => values[key] ?? undefined;
  const visit = (branches: readonly Branch[]) => {
    let ifHeld = false;
    for (const branch of branches) {
      const holds: boolean = branch.rule
        ? expressionHolds(branch.rule, valueOf, null, false)
        : // An else runs when the if before it did not.
          !ifHeld;
      if (branch.rule) ifHeld = holds;
      conditions.push({ key: branch.tag, value: holds });
      if (!holds) continue;
      actions.push(...branch.actions);
      visit(branch.branches);
    }
  };
  visit(top.branches);
  return { actions, conditions };
};

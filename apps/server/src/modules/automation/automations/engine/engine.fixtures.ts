import { compileRule } from './compile';
import { createRuleEvaluator } from './evaluator';
import type { Atom, CompiledRule, RuleDefinition, Transition } from './rule-types';

/** Test times are seconds after this instant. */
export const T0 = Date.parse('2025-01-01T00:00:00Z');
export const at = (seconds: number) => new Date(T0 + seconds * 1000);

export const atom = (
  parameter: string,
  operator: Atom['operator'],
  value: number | string,
  extra: Partial<Pick<Atom, 'hysteresis' | 'joinsWith'>> = {},
): Atom => ({ parameter, operator, value, ...extra });

export const definition = (
  id: number,
  expression: Atom[],
  timings: Partial<Omit<RuleDefinition, 'id' | 'expression'>> = {},
): RuleDefinition => ({
  id,
  expression,
  delaySeconds: 0,
  repetitions: 0,
  cooldownSeconds: 0,
  renotifySeconds: 0,
  ...timings,
});

export const compiled = (...args: Parameters<typeof definition>): CompiledRule => {
  const result = compileRule(definition(...args));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.rule;
};

/** One line per transition: "fired d1 r7 @10", "+ (reason)" when there is one. */
export const line = (transition: Transition) =>
  `${transition.kind} d${transition.deviceId} r${transition.ruleId} @${
    (transition.at.getTime() - T0) / 1000
  }${transition.reason === undefined ? '' : ` (${transition.reason})`}`;

/** An evaluator with the rules set, every device given all of them, and its transitions. */
export const harness = (rules: CompiledRule[], devices: number[] = [1]) => {
  const transitions: Transition[] = [];
  const evaluator = createRuleEvaluator({
    onTransition: (transition) => transitions.push(transition),
    now: () => at(0),
  });
  evaluator.setRules(rules);
  for (const device of devices)
    evaluator.assign(
      device,
      rules.map((rule) => rule.id),
    );
  /** The transitions since the last call, as lines. */
  const take = () => transitions.splice(0).map(line);
  const observe = (device: number, values: Record<string, number | string>, seconds: number) =>
    evaluator.observe(device, values, at(seconds));
  return { evaluator, transitions, take, observe };
};

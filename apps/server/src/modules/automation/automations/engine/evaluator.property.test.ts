import { describe, expect, it } from 'vitest';
import { compileRule } from './compile';
import { at, definition, line } from './engine.fixtures';
import { createRuleEvaluator } from './evaluator';
import type { Atom, Operator, ParameterValue, RuleDefinition, Transition } from './rule-types';

/** mulberry32: a small seeded PRNG, so a failure names the seed that reproduces it. */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};

type Values = Record<string, ParameterValue>;
const NUMBERS = ['a', 'b'];
const STRINGS = ['s'];
const WORDS = ['x', 'y', 'z'];

const randomRule = (random: () => number, id: number): RuleDefinition => {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const size = 1 + Math.floor(random() * 4);
  const expression = Array.from({ length: size }, (_, i): Atom => {
    const joinsWith = i < size - 1 ? pick(['&&', '||'] as const) : undefined;
    const parameter = pick([...NUMBERS, ...STRINGS]);
    if (STRINGS.includes(parameter)) {
      const operator = pick(['==', '!=', 'changed'] as const);
      return { parameter, operator, value: pick(WORDS), joinsWith };
    }
    const operator = pick(['<', '<=', '>', '>=', '==', '!=', 'changed'] as const);
    const value = Math.floor(random() * 11) - 5;
    const numeric = ['<', '<=', '>', '>='].includes(operator);
    return { parameter, operator, value, joinsWith, hysteresis: numeric ? pick([0, 1, 2, 3]) : 0 };
  });
  return definition(id, expression, { repetitions: Math.floor(random() * 4) });
};

/** The reference: every rule reading a key of the reading is evaluated from its definition. */
const naiveEvaluator = (rules: RuleDefinition[], assigned: Map<number, Set<number>>) => {
  const values = new Map<number, Values>();
  const state = new Map<string, { open: boolean; count: number }>();
  const out: Transition[] = [];

  const holds = (atom: Atom, known: Values, changed: Set<string>, open: boolean) => {
    const v = known[atom.parameter];
    if (atom.operator === 'changed') return changed.has(atom.parameter);
    if (v === undefined) return false;
    if (atom.operator === '==') return v === atom.value;
    if (atom.operator === '!=') return v !== atom.value;
    if (typeof v !== 'number') return false;
    const h = open ? (atom.hysteresis ?? 0) : 0;
    const limit = atom.value as number;
    const table: Record<Exclude<Operator, '==' | '!=' | 'changed'>, boolean> = {
      '<': v < limit + h,
      '<=': v <= limit + h,
      '>': v > limit - h,
      '>=': v >= limit - h,
    };
    return table[atom.operator];
  };
  // Left to right: a run of && is one term; a || closes it.
  const evaluate = (rule: RuleDefinition, test: (atom: Atom) => boolean) => {
    let any = false;
    let term = true;
    rule.expression.forEach((atom, i) => {
      term = term && test(atom);
      if (i === rule.expression.length - 1 || atom.joinsWith === '||') {
        any = any || term;
        term = true;
      }
    });
    return any;
  };
  // An event rule: every || term holds a changed atom.
  const isEventOnly = (rule: RuleDefinition) => {
    const terms: Atom[][] = [[]];
    rule.expression.forEach((atom, i) => {
      terms[terms.length - 1]?.push(atom);
      if (i < rule.expression.length - 1 && atom.joinsWith === '||') terms.push([]);
    });
    return terms.every((term) => term.some((atom) => atom.operator === 'changed'));
  };

  return {
    out,
    observe(deviceId: number, reading: Values, when: Date) {
      const known = values.get(deviceId) ?? {};
      const changed = new Set(
        Object.keys(reading).filter((k) => known[k] !== undefined && known[k] !== reading[k]),
      );
      values.set(deviceId, { ...known, ...reading });
      const now = values.get(deviceId) as Values;
      for (const rule of [...rules].sort((x, y) => x.id - y.id)) {
        if (!assigned.get(deviceId)?.has(rule.id)) continue;
        if (!rule.expression.some((atom) => atom.parameter in reading)) continue;
        const key = `${deviceId}/${rule.id}`;
        const s = state.get(key) ?? { open: false, count: 0 };
        const truth = evaluate(rule, (atom) => holds(atom, now, changed, s.open));
        const report = (kind: Transition['kind'], reason?: string) => {
          const shown: Record<string, ParameterValue | null> = {};
          for (const atom of rule.expression) shown[atom.parameter] = now[atom.parameter] ?? null;
          out.push({
            kind,
            deviceId,
            ruleId: rule.id,
            at: when,
            values: shown,
            ...(reason ? { reason } : {}),
          });
        };
        if (isEventOnly(rule)) {
          if (truth) report('event');
        } else if (s.open) {
          if (!truth) report('resolved', 'cleared');
          s.open = truth;
        } else if (truth) {
          s.count += 1;
          if (s.count >= Math.max(1, rule.repetitions)) {
            s.open = true;
            s.count = 0;
            report('fired');
          }
        } else s.count = 0;
        state.set(key, s);
      }
    },
  };
};

describe('rule evaluator against a naive reference', () => {
  it('gives identical transitions for random rules and readings', () => {
    const kinds = new Map<string, number>();
    for (let seed = 1; seed <= 300; seed += 1) {
      const random = prng(seed);
      const rules = Array.from({ length: 6 }, (_, i) => randomRule(random, i + 1));
      const assigned = new Map<number, Set<number>>();
      for (const device of [1, 2, 3])
        assigned.set(device, new Set(rules.filter(() => random() < 0.7).map((r) => r.id)));

      const got: Transition[] = [];
      const evaluator = createRuleEvaluator({ onTransition: (t) => got.push(t) });
      evaluator.setRules(
        rules.map((rule) => {
          const result = compileRule(rule);
          if (!result.ok) throw new Error(`seed ${seed}: ${JSON.stringify(result.errors)}`);
          return result.rule;
        }),
        at(0),
      );
      for (const [device, ids] of assigned) evaluator.assign(device, [...ids], at(0));
      const naive = naiveEvaluator(rules, assigned);

      for (let step = 1; step <= 200; step += 1) {
        const device = 1 + Math.floor(random() * 3);
        const reading: Values = {};
        for (const key of NUMBERS) if (random() < 0.5) reading[key] = Math.floor(random() * 15) - 7;
        for (const key of STRINGS)
          if (random() < 0.4) reading[key] = WORDS[Math.floor(random() * 3)] as string;
        evaluator.observe(device, reading, at(step));
        naive.observe(device, reading, at(step));
      }
      expect(got.map(line), `seed ${seed}`).toEqual(naive.out.map(line));
      expect(got, `seed ${seed}`).toEqual(naive.out);
      for (const t of got) kinds.set(t.kind, (kinds.get(t.kind) ?? 0) + 1);
    }
    // The cases exercise every kind a reading can cause, many times.
    for (const kind of ['fired', 'resolved', 'event']) expect(kinds.get(kind)).toBeGreaterThan(100);
  });
});

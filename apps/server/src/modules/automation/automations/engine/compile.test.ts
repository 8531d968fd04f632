import { describe, expect, it } from 'vitest';
import { compileRule } from './compile';
import { atom, definition } from './engine.fixtures';
import type { Atom, RuleDefinition } from './rule-types';

const errorsOf = (def: RuleDefinition) => {
  const result = compileRule(def);
  if (result.ok) throw new Error('expected errors');
  return result.errors;
};

const ruleOf = (def: RuleDefinition) => {
  const result = compileRule(def);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.rule;
};

describe('compileRule', () => {
  it('moves numeric thresholds by the hysteresis away from firing', () => {
    const rule = ruleOf(
      definition(1, [
        atom('signal', '<', -110, { hysteresis: 3, joinsWith: '||' }),
        atom('signal', '<=', -110, { hysteresis: 3, joinsWith: '||' }),
        atom('temperature', '>', 80, { hysteresis: 5, joinsWith: '||' }),
        atom('temperature', '>=', 80, { joinsWith: '&&' }),
      ]),
    );
    expect(rule.atoms.map((a) => [a.value, a.clear])).toEqual([
      [-110, -107],
      [-110, -107],
      [80, 75],
      [80, 80],
    ]);
    expect(rule.parameters).toEqual(['signal', 'temperature']);
  });

  it('splits at || because && binds tighter', () => {
    const and = { joinsWith: '&&' } as const;
    const or = { joinsWith: '||' } as const;
    const expression = (a: Atom['joinsWith'], b: Atom['joinsWith'], c: Atom['joinsWith']) =>
      ['a', 'b', 'c', 'd'].map((p, i) =>
        atom(p, '==', 1, i < 3 ? { joinsWith: [a, b, c][i] } : {}),
      );
    expect(ruleOf(definition(1, expression('&&', '||', '&&'))).groups).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(ruleOf(definition(1, expression('||', '&&', '||'))).groups).toEqual([[0], [1, 2], [3]]);
    expect(ruleOf(definition(1, [atom('a', '==', 1, and), atom('b', '==', 2)])).groups).toEqual([
      [0, 1],
    ]);
    expect(ruleOf(definition(1, [atom('a', '==', 1, or), atom('b', '==', 2)])).groups).toEqual([
      [0],
      [1],
    ]);
  });

  it('ignores joinsWith on the last atom', () => {
    const rule = ruleOf(definition(1, [atom('signal', '<', -100, { joinsWith: '||' })]));
    expect(rule.groups).toEqual([[0]]);
  });

  it('turns seconds into milliseconds and repetitions 0 into 1', () => {
    const rule = ruleOf(
      definition(7, [atom('signal', '<', -100)], {
        delaySeconds: 60,
        repetitions: 0,
        cooldownSeconds: 30,
        renotifySeconds: 3600,
      }),
    );
    expect(rule).toMatchObject({
      id: 7,
      delayMs: 60_000,
      repetitions: 1,
      cooldownMs: 30_000,
      renotifyMs: 3_600_000,
      event: false,
    });
    expect(ruleOf(definition(7, [atom('a', '<', 1)], { repetitions: 3 })).repetitions).toBe(3);
  });

  it('knows an event rule: every || branch needs a changed atom', () => {
    const changed = atom('operator', 'changed', '', { joinsWith: '&&' });
    expect(ruleOf(definition(1, [atom('operator', 'changed', '')])).event).toBe(true);
    expect(ruleOf(definition(1, [changed, atom('signal', '<', -100)])).event).toBe(true);
    const either = [atom('signal', '<', -100, { joinsWith: '||' }), atom('operator', 'changed', 0)];
    expect(ruleOf(definition(1, either)).event).toBe(false);
  });

  it('takes any value with changed, and numbers or strings with == and !=', () => {
    expect(compileRule(definition(1, [atom('operator', 'changed', 42)])).ok).toBe(true);
    expect(compileRule(definition(1, [atom('operator', '==', 'Telia')])).ok).toBe(true);
    expect(compileRule(definition(1, [atom('status', '!=', 1)])).ok).toBe(true);
    // hysteresis 0 means none, so forms that always send it still compile.
    expect(compileRule(definition(1, [atom('status', '==', 1, { hysteresis: 0 })])).ok).toBe(true);
  });

  it('refuses fewer than one or more than four atoms', () => {
    expect(errorsOf(definition(1, []))).toEqual([
      { path: 'expression', message: 'Between 1 and 4 conditions' },
    ]);
    const five = Array.from({ length: 5 }, (_, i) => atom(`p${i}`, '==', 1, { joinsWith: '&&' }));
    expect(errorsOf(definition(1, five))).toEqual([
      { path: 'expression', message: 'Between 1 and 4 conditions' },
    ]);
  });

  it('names every error by its path, with the exact messages', () => {
    const errors = errorsOf(
      definition(
        1,
        [
          atom('signal', '<', '-110' as unknown as number, { joinsWith: '&&' }),
          atom('operator', '==', 'Telia', { hysteresis: 2 }),
          atom('temperature', '>', 80, { hysteresis: -1, joinsWith: '||' }),
          atom('', 'like' as Atom['operator'], 1),
        ],
        { delaySeconds: -1, repetitions: 1.5, cooldownSeconds: Number.NaN, renotifySeconds: 10 },
      ),
    );
    expect(errors).toEqual([
      { path: 'expression.0.value', message: 'Value must be a number for parameter "signal"' },
      { path: 'expression.1.hysteresis', message: 'Hysteresis needs <, <=, > or >=' },
      { path: 'expression.1.joinsWith', message: 'Join with && or || to the next condition' },
      { path: 'expression.2.hysteresis', message: 'Hysteresis must be a number >= 0' },
      { path: 'expression.3.parameter', message: 'Parameter is required' },
      {
        path: 'expression.3.operator',
        message: 'Operator must be one of <, <=, >, >=, ==, != or changed',
      },
      { path: 'delaySeconds', message: 'Must be a whole number >= 0' },
      { path: 'repetitions', message: 'Must be a whole number >= 0' },
      { path: 'cooldownSeconds', message: 'Must be a whole number >= 0' },
    ]);
  });

  it('refuses hysteresis on changed and a value that is not a finite number', () => {
    expect(errorsOf(definition(1, [atom('operator', 'changed', '', { hysteresis: 1 })]))).toEqual([
      { path: 'expression.0.hysteresis', message: 'Hysteresis needs <, <=, > or >=' },
    ]);
    expect(errorsOf(definition(1, [atom('load', '>=', Number.NaN)]))).toEqual([
      { path: 'expression.0.value', message: 'Value must be a number for parameter "load"' },
    ]);
    const object = atom('status', '==', {} as unknown as number);
    expect(errorsOf(definition(1, [object]))).toEqual([
      {
        path: 'expression.0.value',
        message: 'Value must be a number or a string for parameter "status"',
      },
    ]);
  });
});

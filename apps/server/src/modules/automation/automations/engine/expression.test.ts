import { describe, expect, it } from 'vitest';
import { atomHolds, expressionHolds } from './expression';
import { atom, compiled } from './engine.fixtures';
import type { CompiledAtom } from './rule-types';

const compiledAtom = (operator: CompiledAtom['operator'], value: number | string, h = 0) =>
  compiled(1, [atom('p', operator, value, h ? { hysteresis: h } : {})]).atoms[0] as CompiledAtom;

describe('atomHolds', () => {
  it.each([
    ['<', -111, true, true],
    ['<', -110, false, true],
    ['<', -108, false, true],
    ['<', -107, false, false],
    ['<=', -110, true, true],
    ['<=', -107, false, true],
    ['<=', -106.9, false, false],
    ['>', -109, true, true],
    ['>', -110, false, true],
    ['>', -113, false, false],
    ['>=', -110, true, true],
    ['>=', -113, false, true],
    ['>=', -113.1, false, false],
  ] as const)('%s -110 (h 3) with %d: idle %s, open %s', (operator, value, idle, open) => {
    const a = compiledAtom(operator, -110, 3);
    expect(atomHolds(a, value, false, false)).toBe(idle);
    expect(atomHolds(a, value, false, true)).toBe(open);
  });

  it('compares == and != strictly, whatever the phase', () => {
    expect(atomHolds(compiledAtom('==', 'Telia'), 'Telia', false, false)).toBe(true);
    expect(atomHolds(compiledAtom('==', 'Telia'), 'Tele2', false, true)).toBe(false);
    expect(atomHolds(compiledAtom('==', 1), '1', false, false)).toBe(false);
    expect(atomHolds(compiledAtom('!=', 'Telia'), 'Tele2', false, false)).toBe(true);
    expect(atomHolds(compiledAtom('!=', 1), 1, false, true)).toBe(false);
  });

  it('is false on an unknown value, even for !=, and numeric operators on a string', () => {
    expect(atomHolds(compiledAtom('!=', 'Telia'), undefined, false, false)).toBe(false);
    expect(atomHolds(compiledAtom('<', 5), undefined, false, false)).toBe(false);
    expect(atomHolds(compiledAtom('<', 5), 'low', false, false)).toBe(false);
  });

  it('takes changed from the reading alone', () => {
    expect(atomHolds(compiledAtom('changed', ''), 'x', true, false)).toBe(true);
    expect(atomHolds(compiledAtom('changed', ''), 'x', false, true)).toBe(false);
  });
});

describe('expressionHolds', () => {
  // a && b || c
  const rule = compiled(1, [
    atom('a', '==', 1, { joinsWith: '&&' }),
    atom('b', '<', 10, { joinsWith: '||', hysteresis: 5 }),
    atom('c', 'changed', ''),
  ]);
  const of = (values: Record<string, number>) => (key: string) => values[key];

  it('binds && tighter than ||', () => {
    expect(expressionHolds(rule, of({ a: 1, b: 5 }), null, false)).toBe(true);
    expect(expressionHolds(rule, of({ a: 2, b: 5 }), null, false)).toBe(false);
    expect(expressionHolds(rule, of({ a: 2, b: 5, c: 1 }), new Set(['c']), false)).toBe(true);
    expect(expressionHolds(rule, of({ a: 1 }), new Set(['a']), false)).toBe(false);
  });

  it('uses the clear boundaries while open', () => {
    expect(expressionHolds(rule, of({ a: 1, b: 12 }), null, false)).toBe(false);
    expect(expressionHolds(rule, of({ a: 1, b: 12 }), null, true)).toBe(true);
    expect(expressionHolds(rule, of({ a: 1, b: 15 }), null, true)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { atom, compiled, harness } from './engine.fixtures';
import type { CompiledRule, ParameterValue } from './rule-types';
import { crossedBy, indexParameters } from './threshold-index';

const rules = [
  compiled(1, [atom('signal', '<', -100)]),
  compiled(2, [atom('signal', '>', -60)]),
  compiled(3, [atom('signal', '<=', -80, { joinsWith: '&&' }), atom('operator', '==', 'Telia')]),
  compiled(4, [atom('operator', '!=', 'Tele2')]),
  compiled(5, [atom('operator', 'changed', 0)]),
];
const index = indexParameters(rules);

const crossed = (parameter: string, before: ParameterValue | undefined, after: ParameterValue) => {
  const found = new Set<CompiledRule>();
  const entry = index.get(parameter);
  if (entry) crossedBy(entry, before, after, found);
  return [...found].map((rule) => rule.id).sort();
};

describe('threshold index', () => {
  it('finds only the atoms whose boundary lies between the old and the new value', () => {
    expect(crossed('signal', -90, -95)).toEqual([]);
    expect(crossed('signal', -90, -101)).toEqual([1]);
    expect(crossed('signal', -101, -70)).toEqual([1, 3]);
    expect(crossed('signal', -80, -79)).toEqual([3]);
    expect(crossed('signal', -70, -50)).toEqual([2]);
  });

  it('evaluates every rule of a parameter on its first value, and numeric ones on a non-number', () => {
    expect(crossed('signal', undefined, -90)).toEqual([1, 2, 3]);
    expect(crossed('signal', -90, 'n/a')).toEqual([1, 2, 3]);
  });

  it('finds equality atoms by the old and new value and change atoms always', () => {
    expect(crossed('operator', 'Bite', 'Telia')).toEqual([3, 5]);
    expect(crossed('operator', 'Tele2', 'Bite')).toEqual([4, 5]);
  });

  it('still fires a rule whose other atom became true before its own boundary was crossed', () => {
    const { observe, take } = harness(rules);
    observe(1, { signal: -70, operator: 'Bite' }, 0);
    take();
    observe(1, { signal: -85 }, 1);
    expect(take()).toEqual([]);
    observe(1, { operator: 'Telia' }, 2);
    expect(take()).toEqual(['fired d1 r3 @2', 'event d1 r5 @2']);
  });
});

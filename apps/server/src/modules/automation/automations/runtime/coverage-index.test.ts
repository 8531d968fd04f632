import { describe, expect, it } from 'vitest';
import { coverageOf, type ScopeRow } from './coverage-index';

const rule = (automationId: number, rulePath: string, ...targets: [number, number, string?][]) =>
  targets.length === 0
    ? [{ automationId, rulePath, kind: null, targetId: null, targetPath: null }]
    : targets.map(([kind, targetId, targetPath]): ScopeRow => ({
        automationId,
        rulePath,
        kind,
        targetId,
        targetPath: targetPath ?? null,
      }));

describe('coverage index', () => {
  it('covers by tag, by company subtree and by assignment, always inside the rule company', () => {
    const scopes = [
      ...rule(1, '/1/', [2, 7]), // tag 7
      ...rule(2, '/1/', [3, 5, '/1/5/']), // company 5 and its subtree
      ...rule(3, '/1/5/'), // no scope: assigned devices only
      ...rule(4, '/9/', [2, 7]), // another company's rule on the same tag
    ];
    const devices = [
      { id: 10, path: '/1/', tagIds: [7] },
      { id: 11, path: '/1/5/6/', tagIds: [] },
      { id: 12, path: '/1/5/', tagIds: [7] },
      { id: 13, path: '/1/', tagIds: [] },
    ];
    const explicit = [
      { automationId: 3, deviceId: 12 },
      { automationId: 3, deviceId: 13 }, // outside rule 3's company: ignored
    ];
    const coverage = coverageOf(scopes, devices, explicit);
    expect(Object.fromEntries(coverage)).toEqual({ 10: [1], 11: [2], 12: [1, 2, 3] });
  });

  it('shares one list between devices of the same company and tags', () => {
    const devices = Array.from({ length: 1000 }, (_, i) => ({
      id: i + 1,
      path: '/1/',
      tagIds: [],
    }));
    const coverage = coverageOf(rule(1, '/1/', [3, 1, '/1/']), devices, []);
    expect(coverage.size).toBe(1000);
    expect(coverage.get(1)).toBe(coverage.get(1000));
  });
});

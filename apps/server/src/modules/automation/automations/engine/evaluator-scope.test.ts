import { describe, expect, it } from 'vitest';
import { at, atom, compiled, harness } from './engine.fixtures';

const weak = compiled(1, [atom('signal', '<', -110, { hysteresis: 3 })]);
const hot = compiled(2, [atom('temperature', '>', 70)]);

describe('rule evaluator: rule changes', () => {
  it('resolves the open alerts of a removed rule and forgets its pending states', () => {
    const slow = compiled(2, [atom('signal', '<', -110)], { delaySeconds: 60 });
    const { take, observe, evaluator } = harness([weak, slow], [1, 2]);
    observe(1, { signal: -120 }, 0);
    observe(2, { signal: -120 }, 0);
    expect(evaluator.pendingCount()).toBe(2);
    evaluator.setRules([], at(5));
    expect(take()).toEqual([
      'fired d1 r1 @0',
      'fired d2 r1 @0',
      'resolved d1 r1 @5 (rule removed)',
      'resolved d2 r1 @5 (rule removed)',
    ]);
    expect(evaluator.pendingCount()).toBe(0);
    expect(evaluator.dueCount()).toBe(0);
    evaluator.tick(at(100));
    expect(take()).toEqual([]);
  });

  it('keeps the state of a changed rule with the same id, under its new thresholds', () => {
    const { take, observe, evaluator } = harness([weak]);
    observe(1, { signal: -120 }, 0);
    evaluator.setRules([compiled(1, [atom('signal', '<', -100, { hysteresis: 3 })])], at(1));
    observe(1, { signal: -105 }, 2);
    expect(take()).toEqual(['fired d1 r1 @0']);
    observe(1, { signal: -97 }, 3);
    expect(take()).toEqual(['resolved d1 r1 @3 (cleared)']);
  });

  it('applies a changed delay to a pending state', () => {
    const slow = compiled(1, [atom('signal', '<', -110)], { delaySeconds: 600 });
    const { take, observe, evaluator } = harness([slow]);
    observe(1, { signal: -120 }, 0);
    evaluator.setRules([compiled(1, [atom('signal', '<', -110)], { delaySeconds: 60 })], at(10));
    evaluator.tick(at(60));
    expect(take()).toEqual(['fired d1 r1 @60']);
  });

  it('evaluates a new or changed rule on the next reading, even with unchanged values', () => {
    const { take, observe, evaluator } = harness([]);
    observe(1, { signal: -120, temperature: 90 }, 0);
    evaluator.setRules([weak, hot], at(1));
    evaluator.assign(1, [1, 2], at(1));
    observe(1, { signal: -120 }, 2);
    // The temperature rule is new to the device: looked at once, though the reading had no temperature.
    expect(take()).toEqual(['fired d1 r1 @2', 'fired d1 r2 @2']);
  });

  it('resolves an open rule that became an event rule', () => {
    const either = compiled(1, [atom('operator', '==', 'Telia')]);
    const { take, observe, evaluator } = harness([either]);
    observe(1, { operator: 'Telia' }, 0);
    evaluator.setRules([compiled(1, [atom('operator', 'changed', '')])], at(1));
    expect(take()).toEqual(['fired d1 r1 @0', 'resolved d1 r1 @1 (rule changed)']);
  });
});

describe('rule evaluator: scope and enablement', () => {
  it('resolves an open rule no longer assigned, and forgets a pending one', () => {
    const slow = compiled(2, [atom('temperature', '>', 70)], { delaySeconds: 60 });
    const { take, observe, evaluator } = harness([weak, slow]);
    observe(1, { signal: -120, temperature: 90 }, 0);
    evaluator.assign(1, [], at(5));
    expect(take()).toEqual(['fired d1 r1 @0', 'resolved d1 r1 @5 (out of scope)']);
    expect(evaluator.pendingCount()).toBe(0);
    observe(1, { signal: -125 }, 6);
    expect(take()).toEqual([]);
  });

  it('re-assigning the same rules changes nothing', () => {
    const { take, observe, evaluator } = harness([weak]);
    observe(1, { signal: -120 }, 0);
    evaluator.assign(1, [1], at(5));
    observe(1, { signal: -120 }, 6);
    expect(take()).toEqual(['fired d1 r1 @0']);
  });

  it('shares groups between devices and evaluates a device newly in scope at its next reading', () => {
    const { take, observe, evaluator } = harness([weak], [1]);
    observe(2, { signal: -120 }, 0);
    expect(take()).toEqual([]);
    evaluator.assign(2, [1], at(1));
    observe(2, { signal: -120 }, 2);
    expect(take()).toEqual(['fired d2 r1 @2']);
  });

  it('disables a rule on one device, resolving it, and evaluates it again once enabled', () => {
    const { take, observe, evaluator } = harness([weak], [1, 2]);
    observe(1, { signal: -120 }, 0);
    observe(2, { signal: -120 }, 0);
    evaluator.disable(1, 1, true, at(5));
    observe(1, { signal: -121 }, 6);
    expect(take()).toEqual([
      'fired d1 r1 @0',
      'fired d2 r1 @0',
      'resolved d1 r1 @5 (out of scope)',
    ]);
    evaluator.disable(1, 1, false, at(7));
    observe(1, { signal: -121 }, 8);
    expect(take()).toEqual(['fired d1 r1 @8']);
  });

  it('forgets a deleted device silently', () => {
    const slow = compiled(2, [atom('temperature', '>', 70)], { delaySeconds: 60 });
    const { take, observe, evaluator } = harness([weak, slow]);
    observe(1, { signal: -120, temperature: 90 }, 0);
    take();
    evaluator.forget(1);
    evaluator.tick(at(100));
    expect(take()).toEqual([]);
    expect(evaluator.openAlerts()).toEqual([]);
    expect([evaluator.pendingCount(), evaluator.dueCount()]).toEqual([0, 0]);
    // A device of the same id starts afresh.
    observe(1, { signal: -120 }, 200);
    expect(take()).toEqual([]);
    evaluator.assign(1, [1], at(201));
    observe(1, { signal: -120 }, 202);
    expect(take()).toEqual(['fired d1 r1 @202']);
  });
});

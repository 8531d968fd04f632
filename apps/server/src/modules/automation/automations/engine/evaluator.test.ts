import { describe, expect, it } from 'vitest';
import { at, atom, compiled, harness } from './engine.fixtures';

const weak = compiled(1, [atom('signal', '<', -110, { hysteresis: 3 })]);

describe('rule evaluator: open and resolve', () => {
  it('fires once, stays open while true, resolves when false', () => {
    const { take, observe, evaluator } = harness([weak]);
    observe(1, { signal: -100 }, 0);
    observe(1, { signal: -115 }, 10);
    observe(1, { signal: -118 }, 20);
    expect(take()).toEqual(['fired d1 r1 @10']);
    expect(evaluator.openAlerts()).toEqual([
      { deviceId: 1, ruleId: 1, firedAt: at(10), lastNotifiedAt: null },
    ]);
    observe(1, { signal: -90 }, 30);
    expect(take()).toEqual(['resolved d1 r1 @30 (cleared)']);
    expect(evaluator.openAlerts()).toEqual([]);
  });

  it('keeps an open rule true until the clear boundary (hysteresis)', () => {
    const { take, observe } = harness([weak]);
    observe(1, { signal: -111 }, 0);
    observe(1, { signal: -108 }, 1);
    observe(1, { signal: -107.5 }, 2);
    expect(take()).toEqual(['fired d1 r1 @0']);
    observe(1, { signal: -107 }, 3);
    expect(take()).toEqual(['resolved d1 r1 @3 (cleared)']);
    // Idle again: the plain threshold applies.
    observe(1, { signal: -109 }, 4);
    expect(take()).toEqual([]);
  });

  it('clears > and >= rules at value - hysteresis', () => {
    const hot = compiled(2, [atom('temperature', '>=', 80, { hysteresis: 5 })]);
    const { take, observe } = harness([hot]);
    observe(1, { temperature: 80 }, 0);
    observe(1, { temperature: 76 }, 1);
    observe(1, { temperature: 75 }, 2);
    expect(take()).toEqual(['fired d1 r2 @0']);
    observe(1, { temperature: 74.9 }, 3);
    expect(take()).toEqual(['resolved d1 r2 @3 (cleared)']);
  });

  it('reports the rule parameters current values, null when unknown', () => {
    const rule = compiled(3, [
      atom('signal', '<', -110, { joinsWith: '||' }),
      atom('operator', '==', 'Telia'),
    ]);
    const { transitions, observe } = harness([rule]);
    observe(1, { signal: -120, uptime: 5 }, 0);
    expect(transitions[0]?.values).toEqual({ signal: -120, operator: null });
    expect(transitions[0]?.reason).toBeUndefined();
  });

  it('treats an unknown parameter as false, also for !=', () => {
    const rule = compiled(4, [
      atom('operator', '!=', 'Telia', { joinsWith: '&&' }),
      atom('signal', '<', -110),
    ]);
    const { take, observe } = harness([rule]);
    observe(1, { signal: -120 }, 0);
    expect(take()).toEqual([]);
    observe(1, { operator: 'Tele2' }, 1);
    expect(take()).toEqual(['fired d1 r4 @1']);
  });

  it('merges readings: a rule over two parameters sees the last known of each', () => {
    const rule = compiled(5, [
      atom('signal', '<', -110, { joinsWith: '&&' }),
      atom('temperature', '>', 70),
    ]);
    const { take, observe } = harness([rule]);
    observe(1, { temperature: 75 }, 0);
    observe(1, { signal: -115 }, 1);
    observe(1, { temperature: 60 }, 2);
    expect(take()).toEqual(['fired d1 r5 @1', 'resolved d1 r5 @2 (cleared)']);
  });

  it('keeps devices apart and evaluates only the rules of the keys read', () => {
    const hot = compiled(2, [atom('temperature', '>', 70)]);
    const { take, observe } = harness([weak, hot], [1, 2]);
    observe(1, { signal: -120 }, 0);
    observe(2, { temperature: 90 }, 0);
    observe(2, { signal: -90 }, 1);
    expect(take()).toEqual(['fired d1 r1 @0', 'fired d2 r2 @0']);
  });

  it('orders a reading’s transitions by rule id', () => {
    const rules = [
      compiled(9, [atom('a', '>', 0)]),
      compiled(3, [atom('b', '>', 0)]),
      compiled(5, [atom('a', '>', 0, { joinsWith: '&&' }), atom('b', '>', 0)]),
    ];
    const { take, observe } = harness(rules);
    observe(1, { a: 0, b: 0 }, 0);
    observe(1, { a: 1, b: 1 }, 1);
    expect(take()).toEqual(['fired d1 r3 @1', 'fired d1 r5 @1', 'fired d1 r9 @1']);
  });
});

describe('rule evaluator: changed and events', () => {
  const operatorChanged = compiled(6, [atom('operator', 'changed', '')]);

  it('sends an event on each change, never on the first value, never opening an alert', () => {
    const { take, observe, evaluator } = harness([operatorChanged]);
    observe(1, { operator: 'Telia' }, 0);
    observe(1, { operator: 'Telia' }, 1);
    observe(1, { operator: 'Tele2' }, 2);
    observe(1, { operator: 'Tele2' }, 3);
    observe(1, { operator: 'Telia' }, 4);
    expect(take()).toEqual(['event d1 r6 @2', 'event d1 r6 @4']);
    expect(evaluator.openAlerts()).toEqual([]);
    expect(evaluator.pendingCount()).toBe(0);
  });

  it('sends an event when a change comes with another condition true', () => {
    const rule = compiled(7, [
      atom('operator', 'changed', '', { joinsWith: '&&' }),
      atom('signal', '<', -100),
    ]);
    const { take, observe } = harness([rule]);
    observe(1, { operator: 'Telia', signal: -90 }, 0);
    observe(1, { operator: 'Tele2' }, 1);
    observe(1, { signal: -105 }, 2);
    observe(1, { operator: 'Telia' }, 3);
    expect(take()).toEqual(['event d1 r7 @3']);
  });

  it('holds a mixed rule open only on the changing reading', () => {
    const rule = compiled(8, [
      atom('signal', '<', -110, { joinsWith: '||' }),
      atom('operator', 'changed', ''),
    ]);
    const { take, observe } = harness([rule]);
    observe(1, { operator: 'Telia', signal: -90 }, 0);
    observe(1, { operator: 'Tele2', signal: -90 }, 1);
    observe(1, { operator: 'Tele2', signal: -90 }, 2);
    expect(take()).toEqual(['fired d1 r8 @1', 'resolved d1 r8 @2 (cleared)']);
  });

  it('holds events back during the cooldown, counted from the last event', () => {
    const rule = compiled(6, [atom('operator', 'changed', '')], { cooldownSeconds: 60 });
    const { take, observe, evaluator } = harness([rule]);
    observe(1, { operator: 'A' }, 0);
    observe(1, { operator: 'B' }, 10);
    observe(1, { operator: 'C' }, 30);
    observe(1, { operator: 'D' }, 70);
    expect(take()).toEqual(['event d1 r6 @10', 'event d1 r6 @70']);
    expect(evaluator.dueCount()).toBe(1);
    expect(evaluator.tick(at(130))).toBe(1);
    expect(evaluator.dueCount()).toBe(0);
  });
});

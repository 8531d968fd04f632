import { describe, expect, it } from 'vitest';
import { at, atom, compiled, harness } from './engine.fixtures';

const weak = compiled(1, [atom('signal', '<', -110, { hysteresis: 3 })], { renotifySeconds: 600 });
const hot = compiled(2, [atom('temperature', '>', 70)]);
const open = (deviceId: number, ruleId: number, firedAt = at(-1000)) => ({
  deviceId,
  ruleId,
  firedAt,
  lastNotifiedAt: null,
});

describe('rule evaluator: restart', () => {
  it('keeps a still-true alert open without a new fired, and resolves a cleared one', () => {
    const { take, observe, evaluator } = harness([weak], [1, 2, 3]);
    evaluator.restore(
      [open(1, 1), open(2, 1), open(3, 1)],
      new Map([
        [1, { signal: -120 }],
        // Inside the hysteresis band: still open.
        [2, { signal: -108 }],
        [3, { signal: -100 }],
      ]),
    );
    expect(take()).toEqual([]);
    evaluator.reconcile(at(0));
    expect(take()).toEqual(['resolved d3 r1 @0 (cleared while the server was down)']);
    expect(evaluator.openAlerts().map((a) => a.deviceId)).toEqual([1, 2]);
    observe(1, { signal: -121 }, 1);
    observe(2, { signal: -107 }, 2);
    expect(take()).toEqual(['resolved d2 r1 @2 (cleared)']);
  });

  it('resolves alerts of removed rules and of devices out of scope', () => {
    const { take, evaluator } = harness([weak], [1]);
    evaluator.assign(3, [1]);
    evaluator.disable(3, 1, true);
    evaluator.restore(
      [open(1, 9), open(2, 1), open(3, 1)],
      new Map([
        [1, { signal: -120 }],
        [2, { signal: -120 }],
        [3, { signal: -120 }],
      ]),
    );
    evaluator.reconcile(at(0));
    expect(take()).toEqual([
      'resolved d1 r9 @0 (rule removed)',
      'resolved d2 r1 @0 (out of scope)',
      'resolved d3 r1 @0 (out of scope)',
    ]);
    expect(evaluator.openAlerts()).toEqual([]);
  });

  it('continues the renotify series, without a backlog', () => {
    const { take, evaluator } = harness([weak], [1]);
    evaluator.restore(
      [{ deviceId: 1, ruleId: 1, firedAt: at(-2000), lastNotifiedAt: at(-700) }],
      new Map([[1, { signal: -120 }]]),
    );
    evaluator.reconcile(at(0));
    expect(evaluator.tick(at(499))).toBe(0);
    evaluator.tick(at(500));
    expect(take()).toEqual(['renotify d1 r1 @500']);
  });

  it('round-trips openAlerts through restore', () => {
    const first = harness([weak, hot], [1, 2]);
    first.observe(1, { signal: -120 }, 0);
    first.observe(2, { temperature: 90, signal: -120 }, 5);
    first.evaluator.tick(at(600));
    const persisted = first.evaluator.openAlerts();
    expect(persisted).toHaveLength(3);

    const second = harness([weak, hot], [1, 2]);
    second.evaluator.restore(
      persisted,
      new Map<number, Record<string, number>>([
        [1, { signal: -120 }],
        [2, { temperature: 90, signal: -120 }],
      ]),
    );
    second.evaluator.reconcile(at(601));
    expect(second.take()).toEqual([]);
    expect(second.evaluator.openAlerts()).toEqual(expect.arrayContaining(persisted));
    second.observe(2, { temperature: 90 }, 602);
    expect(second.take()).toEqual([]);
  });

  it('evaluates rules not open before the restart at the first reading', () => {
    const { take, observe, evaluator } = harness([weak, hot], [1]);
    evaluator.restore([], new Map([[1, { signal: -120, temperature: 90 }]]));
    evaluator.reconcile(at(0));
    expect(take()).toEqual([]);
    observe(1, { temperature: 90 }, 1);
    expect(take()).toEqual(['fired d1 r1 @1', 'fired d1 r2 @1']);
  });

  it('restores checkpointed delays: due ones wait, cleared or out-of-scope ones are forgotten', () => {
    const slow = compiled(3, [atom('signal', '<', -110)], { delaySeconds: 600 });
    const { take, evaluator } = harness([slow], [1, 2, 3]);
    const delay = (deviceId: number, ruleId = 3) => ({
      deviceId,
      ruleId,
      since: at(-100),
      count: 1,
    });
    evaluator.restore(
      [],
      new Map([
        [1, { signal: -120 }],
        [2, { signal: -90 }],
      ]),
    );
    // Device 3's values are unknown: its delay waits for the next reading.
    evaluator.restorePending([delay(1), delay(2), delay(3), delay(1, 9)]);
    evaluator.reconcile(at(0));
    expect(evaluator.pendingStates().map((state) => state.deviceId)).toEqual([1, 3]);
    expect(evaluator.tick(at(499))).toBe(0);
    evaluator.tick(at(500));
    expect(take()).toEqual(['fired d1 r3 @500']);
  });
});

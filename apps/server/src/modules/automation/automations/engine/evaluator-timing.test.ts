import { describe, expect, it, vi } from 'vitest';
import { at, atom, compiled, harness } from './engine.fixtures';
import * as steps from './pair-steps';

const weak = (timings: Parameters<typeof compiled>[2]) =>
  compiled(1, [atom('signal', '<', -110, { hysteresis: 3 })], timings);

describe('rule evaluator: delay and repetitions', () => {
  it('fires on a reading once the expression held for the delay', () => {
    const { take, observe, evaluator } = harness([weak({ delaySeconds: 60 })]);
    observe(1, { signal: -115 }, 0);
    expect(evaluator.pendingCount()).toBe(1);
    observe(1, { signal: -116 }, 59);
    expect(take()).toEqual([]);
    observe(1, { signal: -116 }, 60);
    expect(take()).toEqual(['fired d1 r1 @60']);
    expect(evaluator.pendingCount()).toBe(0);
  });

  it('fires from tick when the delay passes without readings, at the moment it became due', () => {
    const { take, observe, evaluator } = harness([weak({ delaySeconds: 60 })]);
    observe(1, { signal: -115 }, 0);
    expect(evaluator.tick(at(59))).toBe(0);
    expect(evaluator.tick(at(61))).toBe(1);
    expect(take()).toEqual(['fired d1 r1 @60']);
    expect(evaluator.dueCount()).toBe(0);
  });

  it('discards the pending state when the expression turns false', () => {
    const { take, observe, evaluator } = harness([weak({ delaySeconds: 60 })]);
    observe(1, { signal: -115 }, 0);
    observe(1, { signal: -100 }, 30);
    expect(evaluator.pendingCount()).toBe(0);
    expect(evaluator.dueCount()).toBe(0);
    observe(1, { signal: -115 }, 40);
    evaluator.tick(at(90));
    expect(take()).toEqual([]);
    evaluator.tick(at(100));
    expect(take()).toEqual(['fired d1 r1 @100']);
  });

  it('needs the repetitions too: each true reading counts, also an unchanged one', () => {
    const { take, observe, evaluator } = harness([weak({ repetitions: 3 })]);
    observe(1, { signal: -115 }, 0);
    observe(1, { signal: -115 }, 1);
    expect(take()).toEqual([]);
    observe(1, { signal: -115 }, 2);
    expect(take()).toEqual(['fired d1 r1 @2']);
    expect(evaluator.pendingCount()).toBe(0);
  });

  it('restarts the count after a false reading', () => {
    const { take, observe } = harness([weak({ repetitions: 2 })]);
    observe(1, { signal: -115 }, 0);
    observe(1, { signal: -100 }, 1);
    observe(1, { signal: -115 }, 2);
    expect(take()).toEqual([]);
    observe(1, { signal: -115 }, 3);
    expect(take()).toEqual(['fired d1 r1 @3']);
  });

  it('with both, a tick after the delay does not fire short of readings; the next reading does', () => {
    const { take, observe, evaluator } = harness([weak({ delaySeconds: 60, repetitions: 3 })]);
    observe(1, { signal: -115 }, 0);
    observe(1, { signal: -115 }, 10);
    expect(evaluator.tick(at(120))).toBe(1);
    expect(take()).toEqual([]);
    expect(evaluator.dueCount()).toBe(0);
    expect(evaluator.pendingCount()).toBe(1);
    observe(1, { signal: -115 }, 130);
    expect(take()).toEqual(['fired d1 r1 @130']);
  });

  it('with both, enough readings early still wait for the delay', () => {
    const { take, observe, evaluator } = harness([weak({ delaySeconds: 60, repetitions: 2 })]);
    observe(1, { signal: -115 }, 0);
    observe(1, { signal: -115 }, 10);
    expect(take()).toEqual([]);
    evaluator.tick(at(60));
    expect(take()).toEqual(['fired d1 r1 @60']);
  });
});

describe('rule evaluator: cooldown', () => {
  it('stays pending through the cooldown and fires when it ends (tick)', () => {
    const { take, observe, evaluator } = harness([weak({ cooldownSeconds: 300 })]);
    observe(1, { signal: -115 }, 0);
    observe(1, { signal: -100 }, 10);
    observe(1, { signal: -115 }, 20);
    expect(take()).toEqual(['fired d1 r1 @0', 'resolved d1 r1 @10 (cleared)']);
    expect(evaluator.pendingCount()).toBe(1);
    evaluator.tick(at(309));
    expect(take()).toEqual([]);
    evaluator.tick(at(400));
    expect(take()).toEqual(['fired d1 r1 @310']);
  });

  it('fires on the first reading after the cooldown if still true', () => {
    const { take, observe } = harness([weak({ cooldownSeconds: 300 })]);
    observe(1, { signal: -115 }, 0);
    observe(1, { signal: -100 }, 10);
    observe(1, { signal: -115 }, 20);
    observe(1, { signal: -115 }, 311);
    expect(take().slice(2)).toEqual(['fired d1 r1 @311']);
  });

  it('does not fire if it turned false during the cooldown, and forgets the state after', () => {
    const { take, observe, evaluator } = harness([weak({ cooldownSeconds: 300 })]);
    observe(1, { signal: -115 }, 0);
    observe(1, { signal: -100 }, 10);
    observe(1, { signal: -115 }, 20);
    observe(1, { signal: -100 }, 30);
    evaluator.tick(at(400));
    expect(take()).toEqual(['fired d1 r1 @0', 'resolved d1 r1 @10 (cleared)']);
    expect(evaluator.pendingCount()).toBe(0);
    expect(evaluator.dueCount()).toBe(0);
  });

  it('counts the delay from when it held, the cooldown from the resolve: the later wins', () => {
    const { take, observe, evaluator } = harness([weak({ cooldownSeconds: 30, delaySeconds: 60 })]);
    observe(1, { signal: -115 }, 0);
    evaluator.tick(at(60));
    observe(1, { signal: -100 }, 70);
    observe(1, { signal: -115 }, 80);
    evaluator.tick(at(139));
    expect(take()).toEqual(['fired d1 r1 @60', 'resolved d1 r1 @70 (cleared)']);
    evaluator.tick(at(140));
    expect(take()).toEqual(['fired d1 r1 @140']);
  });
});

describe('rule evaluator: renotify', () => {
  it('renotifies every interval while open, and stops on resolve', () => {
    const { take, observe, evaluator } = harness([weak({ renotifySeconds: 600 })]);
    observe(1, { signal: -115 }, 0);
    evaluator.tick(at(599));
    evaluator.tick(at(600));
    evaluator.tick(at(1250));
    expect(take()).toEqual(['fired d1 r1 @0', 'renotify d1 r1 @600', 'renotify d1 r1 @1200']);
    expect(evaluator.openAlerts()[0]?.lastNotifiedAt).toEqual(at(1200));
    observe(1, { signal: -100 }, 1300);
    evaluator.tick(at(5000));
    expect(take()).toEqual(['resolved d1 r1 @1300 (cleared)']);
    expect(evaluator.dueCount()).toBe(0);
  });

  it('sends one renotify after a late tick, not the backlog', () => {
    const { take, observe, evaluator } = harness([weak({ renotifySeconds: 60 })]);
    observe(1, { signal: -115 }, 0);
    evaluator.tick(at(600));
    expect(take()).toEqual(['fired d1 r1 @0', 'renotify d1 r1 @60']);
    evaluator.tick(at(659));
    expect(take()).toEqual([]);
    evaluator.tick(at(660));
    expect(take()).toEqual(['renotify d1 r1 @660']);
  });
});

describe('rule evaluator: tick cost', () => {
  it('touches only the due entry among 50,000 devices', () => {
    const slow = compiled(1, [atom('signal', '<', -110)], { delaySeconds: 3600 });
    const fast = compiled(2, [atom('signal', '<', -110)], { delaySeconds: 10 });
    const devices = Array.from({ length: 50_000 }, (_, i) => i + 1);
    const { evaluator, take } = harness([slow]);
    evaluator.setRules([slow, fast]);
    for (const device of devices) {
      evaluator.assign(device, device === 777 ? [2] : [1]);
      evaluator.observe(device, { signal: -120 }, at(0));
    }
    expect(evaluator.pendingCount()).toBe(50_000);
    const due = vi.spyOn(steps, 'stepDue');
    expect(evaluator.tick(at(5))).toBe(0);
    expect(evaluator.tick(at(10))).toBe(1);
    expect(due).toHaveBeenCalledTimes(1);
    expect(take()).toEqual(['fired d777 r2 @10']);
    expect(evaluator.pendingCount()).toBe(49_999);
    expect(evaluator.dueCount()).toBe(49_999);
    due.mockRestore();
  });
});

import { RECONNECT_BASE_MS, type ServerShutdown } from '@netfleet/contracts';
import { describe, expect, it } from 'vitest';
import { ReconnectPlan } from './reconnect-plan.ts';

const notice: ServerShutdown = {
  type: 'server_shutdown',
  reconnect_after_ms: 5_000,
  reconnect_window_ms: 30_000,
};

/** A plan on a clock the test moves, with a random value it sets. */
const planAt = (random: number) => {
  const clock = { now: 1_000_000, random };
  const plan = new ReconnectPlan(
    () => clock.random,
    () => clock.now,
  );
  return { plan, clock };
};

describe('reconnect plan', () => {
  it('backs off with jitter after a lost connection, and starts over once connected', () => {
    const { plan } = planAt(0);
    expect(plan.nextDelay()).toBe(RECONNECT_BASE_MS / 2);
    expect(plan.nextDelay()).toBe(RECONNECT_BASE_MS);
    expect(plan.reconnecting).toBe(true);
    plan.connected();
    expect(plan.reconnecting).toBe(false);
    expect(plan.nextDelay()).toBe(RECONNECT_BASE_MS / 2);
  });

  it('after a shutdown notice waits at least reconnect_after_ms and less than the window more', () => {
    for (const random of [0, 0.5, 0.999_999]) {
      const { plan, clock } = planAt(random);
      plan.shutdownNotice(notice);
      // The socket closes a moment after the notice: the wait counts from the notice.
      clock.now += 300;
      const delay = plan.nextDelay() + 300;
      expect(delay).toBeGreaterThanOrEqual(notice.reconnect_after_ms);
      expect(delay).toBeLessThan(notice.reconnect_after_ms + notice.reconnect_window_ms);
      expect(delay).toBe(5_000 + Math.floor(random * 30_000));
    }
  });

  it('resumes the normal back-off after the attempt the notice chose', () => {
    const { plan } = planAt(0);
    plan.shutdownNotice(notice);
    expect(plan.nextDelay()).toBe(5_000);
    // That attempt failed (the restart took longer): back-off, not another 5 s.
    expect(plan.nextDelay()).toBe(RECONNECT_BASE_MS);
  });

  it('forgets a notice whose time has passed while the connection stayed up', () => {
    const { plan, clock } = planAt(0);
    plan.shutdownNotice(notice);
    clock.now += 60_000;
    expect(plan.nextDelay()).toBe(RECONNECT_BASE_MS / 2);
  });
});

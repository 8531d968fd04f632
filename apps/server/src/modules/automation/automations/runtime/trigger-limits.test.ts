import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type {
  Transition,
  TransitionKind,
} from '@/modules/automation/automations/engine/rule-types';
import { createTriggerLimits, TRIGGER_LIMIT_MESSAGES, utcDayStart } from './trigger-limits';

const log = { error() {} } as unknown as FastifyBaseLogger;
const day1 = new Date('2026-11-29T10:00:00Z');
const day2 = new Date('2026-11-30T00:00:01Z');
const on = (kind: TransitionKind, at: Date, deviceId = 1): Transition => ({
  kind,
  deviceId,
  ruleId: 7,
  at,
  values: {},
});

const limitsWith = (stored: { automationId: number; deviceId: number; count: number }[]) => {
  const resets: Date[] = [];
  let clock = day1;
  const limits = createTriggerLimits({
    repository: {
      since: () => Promise.resolve(stored),
      resetBefore: (at) => {
        resets.push(at);
        return Promise.resolve();
      },
    },
    now: () => clock,
    log,
  });
  return { limits, resets, setClock: (at: Date) => (clock = at) };
};

describe('daily trigger limit in memory', () => {
  it('starts from the counts stored today, then counts fires per device', async () => {
    const { limits, resets } = limitsWith([{ automationId: 7, deviceId: 1, count: 1 }]);
    await limits.start();
    limits.close();
    expect(resets).toEqual([utcDayStart(day1)]);
    const rule = { periodTriggerLimit: 2 };
    expect(limits.check(on('fired', day1), rule)).toBeNull();
    expect(limits.check(on('fired', day1), rule)).toBe(TRIGGER_LIMIT_MESSAGES.reached(2));
    // Another device has its own count.
    expect(limits.check(on('fired', day1, 2), rule)).toBeNull();
  });

  it('skips what follows a skipped fire until it resolved, and starts again the next day', () => {
    const { limits } = limitsWith([]);
    const rule = { periodTriggerLimit: 1 };
    expect(limits.check(on('fired', day1), rule)).toBeNull();
    expect(limits.check(on('resolved', day1), rule)).toBeNull();
    expect(limits.check(on('fired', day1), rule)).not.toBeNull();
    expect(limits.check(on('renotify', day1), rule)).not.toBeNull();
    expect(limits.check(on('resolved', day1), rule)).not.toBeNull();
    expect(limits.check(on('resolved', day1), rule)).toBeNull();
    expect(limits.check(on('fired', day2), rule)).toBeNull();
    expect(limits.check(on('event', day2), rule)).not.toBeNull();
  });

  it('counts without a limit too, so one set later starts from the day’s count', () => {
    const { limits } = limitsWith([]);
    expect(limits.check(on('event', day1), { periodTriggerLimit: null })).toBeNull();
    expect(limits.check(on('event', day1), { periodTriggerLimit: 0 })).toBeNull();
    expect(limits.check(on('event', day1), { periodTriggerLimit: 2 })).toBe(
      TRIGGER_LIMIT_MESSAGES.reached(2),
    );
  });

  it('takes the stored counts again when partitions move here (the former owner counted them)', async () => {
    const stored = [{ automationId: 7, deviceId: 3, count: 0 }];
    const { limits } = limitsWith(stored);
    await limits.start();
    limits.close();
    // Another instance evaluated device 3 meanwhile and counted two fires.
    stored[0] = { automationId: 7, deviceId: 3, count: 2 };
    limits.refresh();
    await new Promise((wake) => setImmediate(wake));
    expect(limits.check(on('fired', day1, 3), { periodTriggerLimit: 2 })).toBe(
      TRIGGER_LIMIT_MESSAGES.reached(2),
    );
  });
});

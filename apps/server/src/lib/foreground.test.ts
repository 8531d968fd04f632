import { afterEach, describe, expect, it, vi } from 'vitest';
import { foregroundWithin, inForeground, runInBackground, runInForeground } from './foreground';

afterEach(() => {
  vi.useRealTimers();
});

describe('foreground work', () => {
  it('is what runs inside runInForeground, across awaits, and nothing else', async () => {
    expect(inForeground()).toBe(false);
    const seen = await runInForeground(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return inForeground();
    });
    expect(seen).toBe(true);
    expect(inForeground()).toBe(false);
  });

  it('leaves foreground work for what runInBackground starts, also across awaits', async () => {
    const seen = await runInForeground(async () => {
      const inside = await runInBackground(async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return inForeground();
      });
      return { inside, after: inForeground() };
    });
    expect(seen).toEqual({ inside: false, after: true });
  });

  it('stops counting as foreground two seconds after it started', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    await runInForeground(async () => {
      expect(inForeground()).toBe(true);
      vi.advanceTimersByTime(2_000);
      expect(inForeground()).toBe(false);
    });
  });

  it('tells whether foreground work started recently', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    runInForeground(() => undefined);
    expect(foregroundWithin(1_000)).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(foregroundWithin(1_000)).toBe(false);
    expect(foregroundWithin(5_000)).toBe(true);
  });
});

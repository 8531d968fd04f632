import { describe, expect, it } from 'vitest';
import { accessUntil, dateInputRange } from './access-period';

const now = new Date(2026, 2, 10, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

describe('accessUntil', () => {
  it('adds whole days for the presets', () => {
    expect(accessUntil('1', '', now)).toBe(new Date(now.getTime() + DAY).toISOString());
    expect(accessUntil('30', '', now)).toBe(new Date(now.getTime() + 30 * DAY).toISOString());
  });

  it('ends a custom date at the end of that local day', () => {
    expect(accessUntil('date', '2026-03-15', now)).toBe(
      new Date(2026, 2, 15, 23, 59, 59).toISOString(),
    );
  });

  it('caps the last allowed day at the maximum period', () => {
    const { max } = dateInputRange(now);
    expect(max).toBe('2026-04-09');
    expect(accessUntil('date', max, now)).toBe(new Date(now.getTime() + 30 * DAY).toISOString());
  });

  it('rejects missing, past and too distant dates', () => {
    expect(accessUntil('date', '', now)).toBeNull();
    expect(accessUntil('date', '2026-03-09', now)).toBeNull();
    expect(accessUntil('date', '2026-04-10', now)).toBeNull();
  });
});

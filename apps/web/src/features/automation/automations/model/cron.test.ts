import { describe, expect, it } from 'vitest';
import { toApiDate, type Silence } from '@netfleet/contracts';
import { describeCron, parseCron } from './cron';
import { inRecurringWindow, silenceState } from './silence-state';
import { durationWords } from './silence-summary';

const at = (iso: string) => Date.parse(iso);

describe('describeCron', () => {
  it.each([
    ['* * * * *', 'Every minute'],
    ['15 * * * *', 'Every hour at minute 15'],
    ['0 2 * * *', 'Every day at 02:00'],
    ['30 22 * * 1-5', 'Every weekday at 22:30'],
    ['0 6 * * SAT,SUN', 'Every Saturday and Sunday at 06:00'],
    ['0 6 * * 5,1,3', 'Every Monday, Wednesday and Friday at 06:00'],
    ['0 6 1 * *', 'On day 1 of every month at 06:00'],
    ['0 6 * 1 *', 'Cron 0 6 * 1 *'],
    ['0 6 L * *', 'Cron 0 6 L * *'],
  ])('%s reads "%s"', (cron, words) => {
    expect(describeCron(cron)).toBe(words);
  });

  it('leaves what it cannot read to the server', () => {
    expect(parseCron('0 6 * *')).toBeNull();
    expect(parseCron('61 * * * *')).toBeNull();
    expect(parseCron('0 6 * * 1#2')).toBeNull();
    expect(parseCron('*/15 0-6 * * 7')?.dayOfWeek).toEqual(new Set([0]));
  });
});

describe('inRecurringWindow', () => {
  const nightly = { cron: '0 2 * * *', time_zone: 'Europe/Vilnius', duration_seconds: 7200 };

  it("opens on the schedule's zone clock for its duration", () => {
    const starts = at('2026-11-01T00:00:00Z');
    // 02:00 in Vilnius (UTC+2 in winter) is 00:00 UTC.
    expect(inRecurringWindow(nightly, starts, at('2026-11-29T00:00:00Z'))).toBe(true);
    expect(inRecurringWindow(nightly, starts, at('2026-11-29T01:59:00Z'))).toBe(true);
    expect(inRecurringWindow(nightly, starts, at('2026-11-29T02:00:00Z'))).toBe(false);
    expect(inRecurringWindow(nightly, starts, at('2026-11-28T23:59:00Z'))).toBe(false);
  });

  it('opens no window before the silence starts', () => {
    const starts = at('2026-11-29T00:30:00Z');
    expect(inRecurringWindow(nightly, starts, at('2026-11-29T01:00:00Z'))).toBe(false);
  });

  it('cannot tell for a schedule or zone it does not read', () => {
    expect(inRecurringWindow({ ...nightly, cron: '0 2 L * *' }, 0, Date.now())).toBeNull();
    expect(inRecurringWindow({ ...nightly, time_zone: 'Mars/Olympus' }, 0, Date.now())).toBeNull();
  });
});

describe('silenceState', () => {
  const silence = (starts: string, ends: string, recurrence: Silence['recurrence'] = null) =>
    ({
      starts_at: toApiDate(new Date(starts)),
      ends_at: toApiDate(new Date(ends)),
      recurrence,
    }) as Silence;
  const now = at('2026-11-29T12:00:00Z');

  it('is scheduled, active or ended by its period', () => {
    expect(silenceState(silence('2026-11-30T00:00Z', '2026-12-01T00:00Z'), now)).toBe('scheduled');
    expect(silenceState(silence('2026-11-29T11:00Z', '2026-11-29T13:00Z'), now)).toBe('active');
    expect(silenceState(silence('2026-11-28T00:00Z', '2026-11-29T12:00Z'), now)).toBe('ended');
  });

  it('is active in a window of its schedule only', () => {
    const window = { cron: '30 11 * * *', time_zone: 'UTC', duration_seconds: 3600 };
    const month = silence('2026-11-01T00:00Z', '2026-12-01T00:00Z', window);
    expect(silenceState(month, now)).toBe('active');
    expect(silenceState(month, at('2026-11-29T13:00:00Z'))).toBe('scheduled');
  });
});

describe('durationWords', () => {
  it.each([
    [60, '1 min'],
    [5400, '1 h 30 min'],
    [7200, '2 h'],
    [90_000, '1 day 1 h'],
    [7 * 86_400, '7 days'],
  ])('%i s reads "%s"', (seconds, words) => {
    expect(durationWords(seconds)).toBe(words);
  });
});

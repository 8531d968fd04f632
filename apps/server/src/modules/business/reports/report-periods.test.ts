import { describe, expect, it } from 'vitest';
import { lastWholePeriod, localDate, nextPeriodEnd } from './report-periods';

const iso = (range: { start: Date; end: Date }) => [
  range.start.toISOString(),
  range.end.toISOString(),
];

describe('report periods', () => {
  it('takes the last whole day in the zone, however long it was', () => {
    expect(iso(lastWholePeriod('day', 'UTC', new Date('2030-05-15T10:00:00Z')))).toEqual([
      '2030-05-14T00:00:00.000Z',
      '2030-05-15T00:00:00.000Z',
    ]);
    // At midnight exactly, the day that just ended.
    expect(iso(lastWholePeriod('day', 'UTC', new Date('2030-05-15T00:00:00Z')))).toEqual([
      '2030-05-14T00:00:00.000Z',
      '2030-05-15T00:00:00.000Z',
    ]);
    // Clocks went forward in Vilnius on 2030-03-31: that day had 23 hours.
    expect(iso(lastWholePeriod('day', 'Europe/Vilnius', new Date('2030-04-01T10:00:00Z')))).toEqual(
      ['2030-03-30T22:00:00.000Z', '2030-03-31T21:00:00.000Z'],
    );
  });

  it('starts weeks on Monday and months on the first, in the zone', () => {
    // 2030-05-15 is a Wednesday.
    expect(iso(lastWholePeriod('week', 'UTC', new Date('2030-05-15T10:00:00Z')))).toEqual([
      '2030-05-06T00:00:00.000Z',
      '2030-05-13T00:00:00.000Z',
    ]);
    expect(
      iso(lastWholePeriod('month', 'America/New_York', new Date('2030-05-15T10:00:00Z'))),
    ).toEqual(['2030-04-01T04:00:00.000Z', '2030-05-01T04:00:00.000Z']);
    expect(nextPeriodEnd('week', 'UTC', new Date('2030-05-15T10:00:00Z')).toISOString()).toBe(
      '2030-05-20T00:00:00.000Z',
    );
    expect(
      nextPeriodEnd('month', 'America/New_York', new Date('2030-05-15T10:00:00Z')).toISOString(),
    ).toBe('2030-06-01T04:00:00.000Z');
    // A period's end is not "the period under way" any more.
    expect(nextPeriodEnd('day', 'UTC', new Date('2030-05-15T00:00:00Z')).toISOString()).toBe(
      '2030-05-16T00:00:00.000Z',
    );
  });

  it('names dates in the zone', () => {
    expect(localDate(new Date('2030-05-14T22:30:00Z'), 'Europe/Vilnius')).toBe('2030-05-15');
    expect(localDate(new Date('2030-05-14T22:30:00Z'), 'UTC')).toBe('2030-05-14');
  });
});

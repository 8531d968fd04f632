import { describe, expect, it } from 'vitest';
import { apiDateSchema, parseApiDate, toApiDate, toApiDateOrNull } from './api-dates.ts';

describe('API dates', () => {
  it('answers YYYY-MM-DD HH:mm:ss in UTC, whatever the local zone', () => {
    expect(toApiDate(new Date('2026-11-26T15:29:20.987+02:00'))).toBe('2026-11-26 13:29:20');
    expect(toApiDateOrNull(null)).toBeNull();
  });

  it('reads API dates as UTC and still reads ISO strings', () => {
    expect(parseApiDate('2026-11-26 13:29:20')).toBe(Date.UTC(2026, 10, 26, 13, 29, 20));
    expect(parseApiDate('2026-11-26T13:29:20.000Z')).toBe(Date.UTC(2026, 10, 26, 13, 29, 20));
    expect(parseApiDate('yesterday')).toBeNaN();
  });

  it('validates the format, so a response can never carry another', () => {
    expect(apiDateSchema.safeParse('2026-11-26 13:29:20').success).toBe(true);
    expect(apiDateSchema.safeParse('2026-11-26T13:29:20.000Z').success).toBe(false);
  });
});

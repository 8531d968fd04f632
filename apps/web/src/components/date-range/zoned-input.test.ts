import { afterEach, describe, expect, it } from 'vitest';
import { COOKIES } from '@netfleet/contracts';
import { writeCookie } from '@/lib/cookies';
import { chosenTimeZone, fromZonedInput, toZonedInput } from './zoned-input';

afterEach(() => {
  document.cookie = `${COOKIES.timezone}=; max-age=0; path=/`;
});

describe('zoned datetime-local values', () => {
  it('read and write the wall clock of the chosen time zone', () => {
    writeCookie(COOKIES.timezone, 'Asia/Tokyo');
    expect(chosenTimeZone()).toBe('Asia/Tokyo');
    expect(toZonedInput('2026-11-20T12:34:56Z')).toBe('2026-11-20T21:34');
    expect(fromZonedInput('2026-11-20T21:34')).toBe('2026-11-20T12:34:00.000Z');
  });

  it('takes the offset in force on the day, either side of a daylight-saving change', () => {
    // Vilnius: UTC+2 in winter, UTC+3 from 03:00 on 2026-03-29.
    expect(fromZonedInput('2026-01-10T12:00', 'Europe/Vilnius')).toBe('2026-01-10T10:00:00.000Z');
    expect(fromZonedInput('2026-03-29T12:00', 'Europe/Vilnius')).toBe('2026-03-29T09:00:00.000Z');
    expect(fromZonedInput('2026-03-29T01:30', 'Europe/Vilnius')).toBe('2026-03-28T23:30:00.000Z');
    expect(toZonedInput('2026-03-29T09:00:00Z', 'Europe/Vilnius')).toBe('2026-03-29T12:00');
  });

  it('falls back to the browser zone for an unknown zone, and refuses what is not a time', () => {
    writeCookie(COOKIES.timezone, 'Not/AZone');
    expect(chosenTimeZone()).toBeUndefined();
    const value = toZonedInput('2026-11-20T12:34:56Z');
    expect(fromZonedInput(value)).toBe('2026-11-20T12:34:00.000Z');
    expect(fromZonedInput('')).toBeNull();
    expect(fromZonedInput('not a date')).toBeNull();
  });
});

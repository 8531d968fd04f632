import { describe, expect, it } from 'vitest';
import { timeZoneOptions, utcOffsetMinutes } from './time-zones';

const SUMMER = new Date('2025-07-01T12:00:00Z');
const WINTER = new Date('2025-01-15T12:00:00Z');

describe('time zone options', () => {
  it('labels each zone with its UTC offset at the given time', () => {
    const options = timeZoneOptions(['Europe/Vilnius', 'Asia/Kolkata'], SUMMER);
    expect(options).toContainEqual({
      value: 'Europe/Vilnius',
      label: '(UTC+03:00) Europe/Vilnius',
    });
    expect(options).toContainEqual({ value: 'Asia/Kolkata', label: '(UTC+05:30) Asia/Kolkata' });
    expect(timeZoneOptions(['Europe/Vilnius'], WINTER)).toContainEqual({
      value: 'Europe/Vilnius',
      label: '(UTC+02:00) Europe/Vilnius',
    });
  });

  it('sorts west to east, then by name, and offers UTC once', () => {
    const options = timeZoneOptions(
      ['Europe/Vilnius', 'America/New_York', 'Europe/London', 'UTC', 'Africa/Abidjan'],
      WINTER,
    );
    expect(options.map((option) => option.label)).toEqual([
      '(UTC-05:00) America/New_York',
      '(UTC+00:00) Africa/Abidjan',
      '(UTC+00:00) Europe/London',
      '(UTC+00:00) UTC',
      '(UTC+02:00) Europe/Vilnius',
    ]);
  });

  it('reads negative offsets with minutes', () => {
    expect(utcOffsetMinutes('America/St_Johns', WINTER)).toBe(-210);
  });
});

import { describe, expect, it } from 'vitest';
import { customRangeErrors, DAY_MS, rangeQuery, type RangePreset } from './date-range';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const PRESETS: RangePreset[] = [{ value: '7d', label: 'Last 7 days', ms: 7 * DAY_MS }];
const iso = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

describe('rangeQuery', () => {
  it('ends a preset now, and sends a custom range as it is', () => {
    expect(rangeQuery({ preset: '7d' }, PRESETS, NOW)).toEqual({
      start_date: '2026-11-13T12:00:00.000Z',
      end_date: '2026-11-20T12:00:00.000Z',
    });
    expect(rangeQuery({ from: 'a', to: 'b' }, PRESETS, NOW)).toEqual({
      start_date: 'a',
      end_date: 'b',
    });
  });
});

describe('customRangeErrors', () => {
  const limits = { now: NOW, maxMs: 90 * DAY_MS };

  it('accepts a start before an end, both past, within the longest span', () => {
    expect(customRangeErrors(iso(-DAY_MS), iso(0), limits)).toEqual({});
  });

  it('asks for both ends', () => {
    expect(customRangeErrors(null, null, limits)).toEqual({
      from: 'Choose a date and time',
      to: 'Choose a date and time',
    });
  });

  it('refuses a start not before the end', () => {
    expect(customRangeErrors(iso(-DAY_MS), iso(-DAY_MS), limits)).toEqual({
      from: 'The start must be before the end',
    });
  });

  it('refuses either end in the future', () => {
    expect(customRangeErrors(iso(-DAY_MS), iso(60_000), limits)).toEqual({
      to: 'Cannot be in the future',
    });
    expect(customRangeErrors(iso(60_000), iso(120_000), limits)).toEqual({
      from: 'Cannot be in the future',
      to: 'Cannot be in the future',
    });
  });

  it('refuses a span longer than the view takes', () => {
    expect(customRangeErrors(iso(-91 * DAY_MS), iso(0), limits)).toEqual({
      from: 'The range can span at most 90 days',
    });
    expect(customRangeErrors(iso(-91 * DAY_MS), iso(0), { now: NOW })).toEqual({});
  });
});

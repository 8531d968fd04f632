import { describe, expect, it } from 'vitest';
import { activeCount, bytesPerDay, defaultParameters, humanPeriod } from './parameters';

describe('humanPeriod', () => {
  it.each([
    [60, '1 min'],
    [300, '5 min'],
    [5400, '1 h 30 min'],
    [86_400, '1 day'],
    [1_296_000, '15 days'],
    [90, '1 min 30 s'],
  ])('%i s reads %s', (seconds, text) => {
    expect(humanPeriod(seconds)).toBe(text);
  });

  it('is empty for what is not a period', () => {
    expect(humanPeriod(Number.NaN)).toBe('');
    expect(humanPeriod(0)).toBe('');
  });
});

describe('bytesPerDay', () => {
  it('counts enabled parameters at a valid period', () => {
    // Dynamic: 430 + 1024 bytes 288 times; GPS: 4 + 160 bytes 1440 times.
    expect(
      bytesPerDay([
        { key: 'dynamic', period: 300, enabled: true },
        { key: 'gps', period: 60, enabled: true },
      ]),
    ).toBe(288 * 1454 + 1440 * 164);
    expect(bytesPerDay([{ key: 'dynamic', period: 300, enabled: false }])).toBe(0);
    expect(bytesPerDay([{ key: 'dynamic', period: 30, enabled: true }])).toBe(0);
  });

  it('starts a new template with every entry on at its default', () => {
    const parameters = defaultParameters();
    expect(activeCount(parameters)).toBe(8);
    expect(parameters.find((p) => p.key === 'static')?.period).toBe(1_296_000);
  });
});

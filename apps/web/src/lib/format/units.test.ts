import { describe, expect, it } from 'vitest';
import { formatBytesLocalized, formatDbm, formatDeciCelsius, formatUptime } from './units';

describe('unit formats', () => {
  it('shows signal in dBm and nothing for a missing reading', () => {
    expect(formatDbm(-67)).toBe('-67 dBm');
    expect(formatDbm(null)).toBe('');
  });

  it('turns deci-degrees into °C with one decimal', () => {
    expect(formatDeciCelsius(415)).toBe('41.5 °C');
    expect(formatDeciCelsius(-53)).toBe('-5.3 °C');
    expect(formatDeciCelsius(0)).toBe('0.0 °C');
    expect(formatDeciCelsius(undefined)).toBe('');
  });

  it('writes the numbers for the given locale', () => {
    expect(formatDeciCelsius(415, 'nb-NO')).toBe('41,5 °C');
    expect(formatDeciCelsius(415, 'uk-UA')).toBe('41,5 °C');
    expect(formatDbm(-67, 'ja-JP')).toBe('-67 dBm');
    expect(formatBytesLocalized(12.5 * 1024 ** 3)).toBe('12.5 GB');
    expect(formatBytesLocalized(12.5 * 1024 ** 3, 2, 'nb-NO')).toBe('12,5 GB');
  });

  it('shows uptime in days, hours and minutes', () => {
    expect(formatUptime(3 * 86_400 + 4 * 3600 + 5 * 60 + 9)).toBe('3d 4h 5m');
    expect(formatUptime(2 * 3600 + 60)).toBe('2h 1m');
    expect(formatUptime(300)).toBe('5m');
    expect(formatUptime(42)).toBe('42s');
    expect(formatUptime(null)).toBe('');
  });
});

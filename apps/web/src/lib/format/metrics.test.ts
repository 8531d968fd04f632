import { describe, expect, it } from 'vitest';
import { celsiusFromDeci, formatMeasurement } from './metrics';

describe('formatMeasurement', () => {
  it('joins the rounded value and its unit', () => {
    expect(formatMeasurement(-67, 'dBm')).toBe('-67 dBm');
    expect(formatMeasurement(36.54, '°C')).toBe('36.5 °C');
    expect(formatMeasurement(12.256, 'V', 2)).toBe('12.26 V');
    expect(formatMeasurement(4, '')).toBe('4');
  });

  it('writes the value for the given locale', () => {
    expect(formatMeasurement(36.54, '°C', 1, 'nb-NO')).toBe('36,5 °C');
    expect(formatMeasurement(1234.5, 'mA', 1, 'uk-UA')).toBe('1234,5 mA');
  });

  it('leaves a missing reading empty instead of showing 0', () => {
    expect(formatMeasurement(null, 'mA')).toBe('');
    expect(formatMeasurement(undefined, 'mA')).toBe('');
    expect(formatMeasurement(Number.NaN, 'mA')).toBe('');
  });
});

describe('celsiusFromDeci', () => {
  it('converts RMS deci-degrees', () => {
    expect(celsiusFromDeci(365)).toBe(36.5);
    expect(celsiusFromDeci(-40)).toBe(-4);
    expect(celsiusFromDeci(null)).toBeNull();
  });
});

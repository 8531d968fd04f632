import { describe, expect, it } from 'vitest';
import { validateValue } from './rules';
import type { FieldDefinition } from './types';

const latitude: FieldDefinition = {
  key: 'latitude',
  type: 'number',
  min: -90,
  max: 90,
  step: 0.000001,
};

describe('validateValue: number steps', () => {
  it('accepts every value on a fine step, however far from the minimum', () => {
    for (const value of [54.687157, -33.868819, 89.999999, 0.000001, -90]) {
      expect(validateValue(latitude, value)).toBeNull();
    }
  });

  it('still refuses a value between two steps', () => {
    expect(validateValue(latitude, 54.6871575)).toBe('Must be a multiple of 0.000001');
    expect(validateValue({ key: 'price', type: 'number', step: 0.01 }, 1.234)).toBe(
      'Must be a multiple of 0.01',
    );
    expect(validateValue({ key: 'price', type: 'number', step: 0.1 }, 0.3)).toBeNull();
  });
});

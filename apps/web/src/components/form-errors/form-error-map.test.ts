import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFormErrorMap } from './form-error-map';

const map = createFormErrorMap({
  required: 'Required',
  atLeast: (min) => `At least ${min}`,
  atMost: (max) => `At most ${max}`,
  atMostCharacters: (max) => `${max} characters at most`,
  keyTooLong: 'Key too long',
});
const messageOf = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input, { error: map }).error?.issues[0]?.message;

describe('createFormErrorMap', () => {
  it('words empty inputs, bounds, long texts and long keys in the form words', () => {
    expect(messageOf(z.number(), undefined)).toBe('Required');
    expect(messageOf(z.number(), Number.NaN)).toBe('Required');
    expect(messageOf(z.string().min(1), '')).toBe('Required');
    expect(messageOf(z.number().min(5), 1)).toBe('At least 5');
    expect(messageOf(z.number().max(5), 9)).toBe('At most 5');
    expect(messageOf(z.string().max(3), 'abcd')).toBe('3 characters at most');
    expect(messageOf(z.record(z.string().max(2), z.string()), { abc: 'x' })).toBe('Key too long');
  });

  it('leaves zod its own message where the form has no words', () => {
    const bare = createFormErrorMap({ required: 'Required' });
    const message = z.number().min(5).safeParse(1, { error: bare }).error?.issues[0]?.message;
    expect(message).toBeTruthy();
    expect(message).not.toBe('Required');
  });
});

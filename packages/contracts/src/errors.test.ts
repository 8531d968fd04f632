import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  isBlockingErrorCode,
  listEnvelope,
  successEnvelope,
} from './errors.ts';

describe('envelopes', () => {
  it('parses success and list envelopes', () => {
    expect(
      successEnvelope(z.object({ id: z.number() })).parse({ success: true, data: { id: 1 } }),
    ).toEqual({
      success: true,
      data: { id: 1 },
    });
    expect(listEnvelope(z.number()).safeParse({ success: true, data: [1], meta: {} }).success).toBe(
      false,
    );
  });

  it('requires code, message and source on error items', () => {
    expect(
      errorEnvelopeSchema.safeParse({
        success: false,
        errors: [{ code: 'X', message: 'm', source: null }],
      }).success,
    ).toBe(true);
    expect(errorEnvelopeSchema.safeParse({ success: false, errors: [{ code: 'X' }] }).success).toBe(
      false,
    );
  });

  it('knows the blocking codes', () => {
    expect(isBlockingErrorCode('MFA_MANDATORY')).toBe(true);
    expect(isBlockingErrorCode('MFA_REQUIRED')).toBe(false);
    expect(isBlockingErrorCode(undefined)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { loginBodySchema, mfaChallengeSchema } from './account.ts';
import { emailVerifyBodySchema, RECOVERY_CODE_PATTERN, totpVerifyBodySchema } from './mfa.ts';

describe('mfa contracts', () => {
  it('takes six-digit codes only, trimmed', () => {
    expect(totpVerifyBodySchema.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
    for (const code of ['12345', '1234567', '12a456', '']) {
      const result = totpVerifyBodySchema.safeParse({ code });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Enter the 6-digit code');
    }
  });

  it('needs a uuid for the e-mail check', () => {
    const session_uuid = '0b6e1c4e-7f55-4b8a-9d0e-2f0a6f1c9a11';
    expect(emailVerifyBodySchema.parse({ session_uuid, code: '000001' })).toEqual({
      session_uuid,
      code: '000001',
    });
    expect(emailVerifyBodySchema.safeParse({ session_uuid: 'x', code: '000001' }).success).toBe(
      false,
    );
  });

  it('lets a login carry the pending sign-in and its code', () => {
    const body = loginBodySchema.parse({
      email: 'ann@example.test',
      password: 'secret',
      session_uuid: '0b6e1c4e-7f55-4b8a-9d0e-2f0a6f1c9a11',
      session_code: ' abcd-1234 ',
    });
    expect(body.session_code).toBe('abcd-1234');
    expect(
      loginBodySchema.safeParse({ email: 'a@b.c', password: 'x', session_uuid: '1' }).success,
    ).toBe(false);
  });

  it('describes a challenge by a known method', () => {
    expect(mfaChallengeSchema.parse({ mfa_type: 'email', session_uuid: 'u' })).toEqual({
      mfa_type: 'email',
      session_uuid: 'u',
    });
    expect(mfaChallengeSchema.safeParse({ mfa_type: 'sms' }).success).toBe(false);
  });

  it('recognises recovery codes as handed out', () => {
    expect(RECOVERY_CODE_PATTERN.test('ab12-cd34')).toBe(true);
    expect(RECOVERY_CODE_PATTERN.test('ab12cd34')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { forgotPasswordBodySchema, resetPasswordBodySchema } from './account-password-reset.ts';

describe('forgotPasswordBodySchema', () => {
  it('takes an e-mail address as sign-in does', () => {
    expect(forgotPasswordBodySchema.safeParse({ email: 'a@b.c' }).success).toBe(true);
    const result = forgotPasswordBodySchema.safeParse({ email: 'not-an-address' });
    expect(result.error?.issues[0]?.path).toEqual(['email']);
  });
});

describe('resetPasswordBodySchema', () => {
  const valid = { token: 'abc', password: 'new-password', password_confirmation: 'new-password' };

  it('accepts a token and a matching new password of 8+ characters', () => {
    expect(resetPasswordBodySchema.safeParse(valid).success).toBe(true);
  });

  it('applies the new-password rules of the other password forms', () => {
    const short = resetPasswordBodySchema.safeParse({
      ...valid,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.error?.issues.map((issue) => issue.path)).toEqual([['password']]);
    const mismatch = resetPasswordBodySchema.safeParse({
      ...valid,
      password_confirmation: 'other-password',
    });
    expect(mismatch.error?.issues).toMatchObject([
      { path: ['password_confirmation'], message: 'Passwords do not match' },
    ]);
  });

  it('needs a token', () => {
    const result = resetPasswordBodySchema.safeParse({ ...valid, token: '' });
    expect(result.error?.issues[0]?.path).toEqual(['token']);
  });
});

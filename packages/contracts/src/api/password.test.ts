import { describe, expect, it } from 'vitest';
import { changePasswordBodySchema, passwordConfirmationBodySchema } from './password.ts';

describe('changePasswordBodySchema', () => {
  const valid = {
    current_password: 'old',
    password: 'new-password',
    password_confirmation: 'new-password',
  };

  it('accepts a matching new password of 8+ characters', () => {
    expect(changePasswordBodySchema.safeParse(valid).success).toBe(true);
  });

  it('puts a mismatch on the confirmation field', () => {
    const result = changePasswordBodySchema.safeParse({
      ...valid,
      password_confirmation: 'other-password',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['password_confirmation']);
  });

  it('refuses short new passwords and an empty current one', () => {
    expect(
      changePasswordBodySchema.safeParse({
        ...valid,
        password: 'short',
        password_confirmation: 'short',
      }).success,
    ).toBe(false);
    expect(changePasswordBodySchema.safeParse({ ...valid, current_password: '' }).success).toBe(
      false,
    );
  });
});

describe('passwordConfirmationBodySchema', () => {
  it('requires a password', () => {
    expect(passwordConfirmationBodySchema.safeParse({ password: '' }).success).toBe(false);
    expect(passwordConfirmationBodySchema.safeParse({ password: 'x' }).success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  adminUserEmailBodySchema,
  moveUsersBodySchema,
  suppressedEmailParamsSchema,
  updateUserRoleBodySchema,
  userListQuerySchema,
  userSchema,
} from './users.ts';

describe('user contracts', () => {
  it('parses list parameters with a role name or id and a company', () => {
    expect(userListQuerySchema.parse({})).toMatchObject({ limit: 25, offset: 0 });
    expect(userListQuerySchema.parse({ role: ' admin ', company_id: '7' })).toMatchObject({
      role: 'admin',
      company_id: 7,
    });
    expect(userListQuerySchema.safeParse({ company_id: 'x' }).success).toBe(false);
    expect(userListQuerySchema.safeParse({ role: '' }).success).toBe(false);
  });

  it('accepts a user with MFA and SSO flags', () => {
    const user = {
      id: 1,
      email: 'a@example.com',
      username: 'a',
      company_id: 1,
      company_name: 'Netfleet',
      role: 2,
      role_id: 2,
      role_name: 'admin',
      role_title: 'Administrator',
      mfa_type: 'totp',
      email_verified: true,
      sso_admin: false,
      created_at: '2026-01-01 00:00:00',
      updated_at: '2026-01-02 00:00:00',
    };
    expect(userSchema.parse(user)).toEqual(user);
    expect(userSchema.safeParse({ ...user, mfa_type: 'sms' }).success).toBe(false);
  });

  it('needs a role id to change a role', () => {
    expect(updateUserRoleBodySchema.safeParse({ role_id: 3 }).success).toBe(true);
    expect(updateUserRoleBodySchema.safeParse({ role_id: 0 }).success).toBe(false);
    expect(updateUserRoleBodySchema.safeParse({ role_id: 2 ** 31 }).success).toBe(false);
  });

  it('moves at least one user to one company', () => {
    expect(moveUsersBodySchema.safeParse({ user_id: [1, 2], company_id: 3 }).success).toBe(true);
    const empty = moveUsersBodySchema.safeParse({ user_id: [], company_id: 3 });
    expect(empty.error?.issues[0]?.path).toEqual(['user_id']);
    expect(moveUsersBodySchema.safeParse({ user_id: [1] }).success).toBe(false);
  });

  it('requires an e-mail address in the administration forms (spec §5)', () => {
    const missing = adminUserEmailBodySchema.safeParse({ email: '  ' });
    expect(missing.error?.issues[0]).toMatchObject({
      path: ['email'],
      message: 'Email is required',
    });
    expect(adminUserEmailBodySchema.safeParse({ email: 'not-an-address' }).success).toBe(false);
    expect(adminUserEmailBodySchema.parse({ email: ' a@b.c ' })).toEqual({ email: 'a@b.c' });
    expect(suppressedEmailParamsSchema.safeParse({ email: 'x@example.com' }).success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  inviteCompanyBodySchema,
  invitationListQuerySchema,
  inviteUserBodySchema,
  registerInvitationBodySchema,
} from './invitations.ts';

describe('invitation contracts', () => {
  it('takes the role as an id or a default role name', () => {
    const base = { email: 'new@example.com', company_id: 4 };
    expect(inviteUserBodySchema.parse({ ...base, role: 3 }).role).toBe(3);
    expect(inviteUserBodySchema.parse({ ...base, role: ' end_user ' }).role).toBe('end_user');
    const missing = inviteUserBodySchema.safeParse(base);
    expect(missing.error?.issues[0]).toMatchObject({ path: ['role'], message: 'Role is required' });
    expect(inviteUserBodySchema.safeParse({ ...base, role: 3, email: '' }).success).toBe(false);
    expect(inviteUserBodySchema.safeParse({ email: 'a@b.c', role: 3 }).success).toBe(false);
  });

  it('filters the list by status', () => {
    expect(invitationListQuerySchema.parse({ status: 'expired' }).status).toBe('expired');
    expect(invitationListQuerySchema.safeParse({ status: 'sent' }).success).toBe(false);
  });

  it('checks the suggested company name of a new-company invitation', () => {
    expect(inviteCompanyBodySchema.safeParse({ email: 'a@b.c' }).success).toBe(true);
    expect(inviteCompanyBodySchema.safeParse({ email: 'a@b.c', company_name: 'ab' }).success).toBe(
      false,
    );
  });

  it('puts a password mismatch on password_confirmation and enforces the password rules', () => {
    const valid = { password: 'long-enough', password_confirmation: 'long-enough' };
    expect(registerInvitationBodySchema.safeParse(valid).success).toBe(true);
    const mismatch = registerInvitationBodySchema.safeParse({
      ...valid,
      password_confirmation: 'something-else',
    });
    expect(mismatch.error?.issues[0]?.path).toEqual(['password_confirmation']);
    const short = registerInvitationBodySchema.safeParse({
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.error?.issues[0]?.path).toEqual(['password']);
    expect(
      registerInvitationBodySchema.safeParse({ ...valid, company_name: ' x ' }).error?.issues[0]
        ?.path,
    ).toEqual(['company_name']);
  });
});

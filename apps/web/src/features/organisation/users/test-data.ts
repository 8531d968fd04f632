// Test-only rows as the API returns them.
import type { Company, Invitation, Role, User } from '@netfleet/contracts';

export const users: User[] = [
  {
    id: 9,
    email: 'grace@example.com',
    username: 'grace',
    company_id: 3,
    company_name: 'Acme',
    role: 3,
    role_id: 3,
    role_name: 'end_user',
    role_title: 'End Client',
    mfa_type: 'totp',
    email_verified: true,
    sso_admin: true,
    created_at: '2026-02-03T10:00:00Z',
    updated_at: '2026-02-03T10:00:00Z',
  },
  {
    id: 10,
    email: 'linus@example.com',
    username: 'linus',
    company_id: 4,
    company_name: 'Acme Child',
    role: 40,
    role_id: 40,
    role_name: 'field_engineer',
    role_title: 'Field engineer',
    mfa_type: null,
    email_verified: false,
    sso_admin: false,
    created_at: '2026-02-01T08:00:00Z',
    updated_at: '2026-02-01T08:00:00Z',
  },
];

export const companies = [
  { id: 3, name: 'Acme' },
  { id: 4, name: 'Acme Child' },
] as Pick<Company, 'id' | 'name'>[];

const role = (id: number, title: string, companyId: number | null): Role => ({
  id,
  name: title.toLowerCase().replaceAll(' ', '_'),
  title,
  description: '',
  company_id: companyId,
  company_name: companyId === null ? null : 'Acme',
  permissions_count: 3,
  is_default: companyId === null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

/** Roles a user of each company may be given. */
export const rolesByCompany: Record<string, Role[]> = {
  '3': [role(2, 'Administrator', null), role(30, 'Acme operator', 3)],
  '4': [role(2, 'Administrator', null), role(40, 'Field engineer', 4)],
};

export const invitations: Invitation[] = [
  {
    id: 5,
    email: 'new@example.com',
    company_id: 3,
    company_name: 'Acme',
    role_id: 3,
    role: 'end_user',
    role_name: 'end_user',
    role_title: 'End Client',
    bounce_status: null,
    invited_by_email: 'ada@example.com',
    new_company: false,
    status: 'pending',
    created_at: '2026-02-03T10:00:00Z',
    expires_at: '2026-02-10T10:00:00Z',
    last_sent_at: '2026-02-03T10:00:00Z',
  },
  {
    id: 6,
    email: 'joined@example.com',
    company_id: 3,
    company_name: 'Acme',
    role_id: 2,
    role: 'admin',
    role_name: 'admin',
    role_title: 'Administrator',
    bounce_status: null,
    invited_by_email: null,
    new_company: false,
    status: 'accepted',
    created_at: '2026-01-03T10:00:00Z',
    expires_at: '2026-01-10T10:00:00Z',
    last_sent_at: '2026-01-03T10:00:00Z',
  },
];

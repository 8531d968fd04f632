import { DEFAULT_ROLES, type CurrentUser, type RoleName } from '@netfleet/contracts';
import type { LoadedBrand } from '@/components/brand';

export function roleUser(roleName: RoleName, overrides: Partial<CurrentUser> = {}): CurrentUser {
  const role = DEFAULT_ROLES.find((candidate) => candidate.name === roleName);
  if (!role) throw new Error(`Unknown role ${roleName}`);
  return {
    id: 7,
    first_name: null,
    last_name: null,
    avatar_path: null,
    email: 'ada@example.com',
    username: 'ada',
    terms_conditions: true,
    last_login_at: '2026-02-03T10:00:00.000Z',
    email_verified: true,
    avatar_url: null,
    company_id: 3,
    company_name: 'Acme',
    company: { id: 3, parent_id: 1, name: 'Acme', level: 2, show_payment: false },
    role: { id: role.id, name: role.name, title: role.title },
    role_id: role.id,
    role_title: role.title,
    tos_accepted: true,
    mfa_type: null,
    exp: Math.floor(Date.now() / 1000) + 3600,
    token: {
      jti: 'session-7',
      iss: 'http://localhost',
      iat: Math.floor(Date.now() / 1000),
      nbf: Math.floor(Date.now() / 1000),
      exp: Math.floor(Date.now() / 1000) + 3600,
      sub: '7',
      client_id: null,
      first_party: true,
    },
    scope: [],
    isImpersonating: false,
    impersonation_access_limit: null,
    country_iso_code: null,
    show_payment: false,
    show_payment_control: false,
    permissions: [...role.permissions],
    ...overrides,
  };
}

export const testBrand: LoadedBrand = {
  main_color: '#9b1c1c',
  company_name: 'netfleet',
  application_name: 'netfleet',
  full_application_name: 'netfleet Remote Management Console',
  logo_subtext: 'Remote management',
  default_theme: true,
  show_company_data: true,
  disabled_routes: [],
  branded_devices: [],
  branded_device_series: [],
  logoUrl: '/logo.svg',
  logoDarkUrl: '/logo-dark.svg',
  logoCollapsedUrl: '/logo-collapsed.svg',
};

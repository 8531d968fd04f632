import { DEFAULT_ROLES, type CurrentUser, type RoleName } from '@netfleet/contracts';
import type { LoadedBrand } from '@/components/brand';

export function roleUser(roleName: RoleName, overrides: Partial<CurrentUser> = {}): CurrentUser {
  const role = DEFAULT_ROLES.find((candidate) => candidate.name === roleName);
  if (!role) throw new Error(`Unknown role ${roleName}`);
  return {
    id: 7,
    email: 'ada@example.com',
    username: 'ada',
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
    token: {},
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

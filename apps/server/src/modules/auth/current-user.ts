import { type CurrentUser, mfaTypeSchema } from '@netfleet/contracts';
import { isoOrNull } from '@/lib/dates';
import type { AuthContext } from './auth.types';

/** GET /api/user: every Current-user field of spec §3, for the acting user. */
export const toCurrentUser = (auth: AuthContext): CurrentUser => {
  const { user, company, role } = auth;
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    avatar_url: user.avatarUrl,
    company_id: company.id,
    company_name: company.name,
    company: {
      id: company.id,
      parent_id: company.parentId,
      name: company.name,
      level: company.level,
      show_payment: company.showPayment,
    },
    role,
    role_id: role.id,
    role_title: role.title,
    tos_accepted: user.tosAccepted,
    // A method name this build does not know reads as none rather than failing the whole user.
    mfa_type: mfaTypeSchema.safeParse(user.mfaType).data ?? null,
    exp: auth.exp,
    token: auth.impersonating ? { act: { sub: auth.realUser.id, email: auth.realUser.email } } : {},
    isImpersonating: auth.impersonating,
    impersonation_access_limit: isoOrNull(user.impersonationAccessLimit),
    country_iso_code: user.countryIsoCode,
    show_payment: company.showPayment,
    show_payment_control: company.level === 1,
    permissions: [...auth.permissions].sort(),
  };
};

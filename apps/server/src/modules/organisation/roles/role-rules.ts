import {
  canInvite,
  DEFAULT_ROLES,
  defaultRole,
  PERMISSION_CATALOGUE,
  permissionCategory,
  PERMISSIONS,
  ROLE_NAMES,
  type RolePermission,
} from '@netfleet/contracts';
import { isSuperAdmin } from '@/modules/identity/auth/auth.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { AssignableRule, RoleScope } from './roles.repository';

const SUPER_ADMIN_ROLE_ID = defaultRole('super_admin').id;
const ROLE_NAME_MAX = 64;

type Caller = Pick<AuthContext, 'company' | 'permissions' | 'role'>;

/** Everyone sees the default roles but the system administrator's, which only its holders see. */
export const roleScopeOf = (auth: Caller): RoleScope => ({
  viewer: auth,
  hidden: isSuperAdmin(auth.permissions) ? [] : [SUPER_ADMIN_ROLE_ID],
});

/**
 * The caller's default role, by id: a custom role is never mistaken for one, even if its name
 * matched (custom names are kept apart from default names too, see roleNameFor).
 */
const callerDefaultRole = (auth: Caller) => DEFAULT_ROLES.find((role) => role.id === auth.role.id);

/**
 * Who may give which role in `companyId` (spec §6): default roles by the invite rules of the
 * caller's default role; custom roles of that company only to a caller who may invite users and
 * holds every permission the role grants.
 */
export const assignableRuleOf = (auth: Caller, companyId: number): AssignableRule => {
  const inviter = callerDefaultRole(auth);
  return {
    companyId,
    defaultIds: inviter
      ? DEFAULT_ROLES.filter((role) => canInvite(inviter.name, role.name)).map((role) => role.id)
      : [],
    customCeiling: auth.permissions.has('invite_users') ? [...auth.permissions] : null,
  };
};

/**
 * The machine name of a custom role: a slug of its title. A slug equal to a default role's
 * name is prefixed, because names like `admin` carry the invite rules of spec §6.
 */
export const roleNameFor = (title: string): string => {
  const slug =
    title
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, ROLE_NAME_MAX - 'custom_'.length) || 'role';
  return (ROLE_NAMES as readonly string[]).includes(slug) ? `custom_${slug}` : slug;
};

/** Permissions the caller lacks among `requested` (nobody hands out more than they have). */
export const beyondCaller = (auth: Caller, requested: readonly string[]): string[] =>
  requested.filter((permission) => !auth.permissions.has(permission));

/** Every catalogue permission with whether the role grants it, filtered by `q`. */
export const permissionTable = (
  granted: readonly string[],
  q: string | undefined,
): RolePermission[] => {
  const has = new Set(granted);
  const needle = q?.toLowerCase();
  return PERMISSIONS.map((name) => ({
    // Permissions are named, not numbered, and come from the code rather than rows.
    id: null,
    name,
    title: PERMISSION_CATALOGUE[name],
    description: PERMISSION_CATALOGUE[name],
    category: permissionCategory(name),
    enabled: has.has(name),
    created_at: null,
  })).filter(
    (row) =>
      !needle ||
      [row.name, row.description, row.category].some((text) => text.toLowerCase().includes(needle)),
  );
};

import { PERMISSIONS, type Permission } from './permissions.ts';

export const ROLE_NAME_MAX_LENGTH = 45;

export const ROLE_NAMES = [
  'super_admin',
  'admin',
  'end_user',
  'read_only',
  'support',
  'readonly_admin',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export interface DefaultRole {
  id: number;
  name: RoleName;
  title: string;
  description: string;
  permissions: readonly Permission[];
}

const viewOnly = PERMISSIONS.filter(
  (p) => p.startsWith('view_') && !['view_mail_logs', 'view_statistics'].includes(p),
);
const systemOnly: readonly Permission[] = [
  'super_admin',
  'upload_files_global_scope',
  'admin_view_notice',
  'view_mail_logs',
  'view_statistics',
  'manage_smtp',
];
const creditMoves: readonly Permission[] = [
  'manage_credits',
  'move_devices_credits',
  'manage_credit_transfer_codes',
];
const administration: readonly Permission[] = [
  'manage_companies',
  'manage_users',
  'invite_users',
  'manage_roles',
  'impersonate_users',
  'view_impersonation_logs',
  'view_user_move_logs',
];

const without = (list: readonly Permission[], removed: readonly Permission[]) =>
  list.filter((p) => !removed.includes(p));

/** Default roles of spec §6 (ids are fixed; `support` has no id in the spec, 5 is free). */
export const DEFAULT_ROLES: readonly DefaultRole[] = [
  {
    id: 1,
    name: 'super_admin',
    title: 'System Administrator',
    description: 'Full control of every company, device and user, and of the system settings.',
    permissions: PERMISSIONS,
  },
  {
    id: 2,
    name: 'admin',
    title: 'Administrator',
    description:
      "Controls its own and subsidiary companies' devices and users, creates users and subsidiaries, moves credits.",
    permissions: without(PERMISSIONS, systemOnly),
  },
  {
    id: 3,
    name: 'end_user',
    title: 'End Client',
    description: 'Manages the devices of its own company only: no subsidiaries, no credit moves.',
    permissions: without(PERMISSIONS, [
      ...systemOnly,
      ...creditMoves,
      ...administration,
      'access_child_companies',
      'view_companies',
      'view_users',
      'view_user_invitations',
      'view_roles',
      'view_permissions',
      'view_credit_transfer_codes',
    ]),
  },
  {
    id: 4,
    name: 'read_only',
    title: 'Guest',
    description: 'Demonstration only: sees its own company, changes nothing.',
    permissions: without(viewOnly, [
      'view_companies',
      'view_users',
      'view_user_invitations',
      'view_roles',
      'view_permissions',
      'view_impersonation_logs',
      'view_user_move_logs',
      'view_credit_transfer_codes',
      'view_company_data_history',
      'view_credits_summary',
    ]),
  },
  {
    id: 5,
    name: 'support',
    title: 'Support',
    description:
      'Helps customers: sees companies, devices and users, and impersonates users who granted access.',
    permissions: [...viewOnly, 'access_child_companies', 'impersonate_users'],
  },
  {
    id: 6,
    name: 'readonly_admin',
    title: 'Advanced Guest',
    description: 'Demonstration only: sees its own company and subsidiaries, changes nothing.',
    permissions: [...viewOnly, 'access_child_companies'],
  },
];

export const defaultRole = (name: RoleName): DefaultRole => {
  const role = DEFAULT_ROLES.find((r) => r.name === name);
  if (!role) throw new Error(`Unknown default role ${name}`);
  return role;
};

/** Who may invite whom (spec §6); every other role invites no one. */
export const INVITE_RULES: Readonly<Partial<Record<RoleName, readonly RoleName[]>>> = {
  super_admin: ['admin', 'end_user', 'readonly_admin', 'read_only', 'support'],
  admin: ['admin', 'end_user', 'readonly_admin', 'read_only'],
};

export const canInvite = (inviter: string, invitee: string): boolean =>
  (INVITE_RULES[inviter as RoleName] ?? []).includes(invitee as RoleName);

export const truncateRoleName = (name: string): string =>
  name.length > ROLE_NAME_MAX_LENGTH ? `${name.slice(0, ROLE_NAME_MAX_LENGTH)}…` : name;

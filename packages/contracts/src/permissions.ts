/**
 * The permission catalogue. Names are the spec's (§2 menu and routes, §6); write permissions that
 * later modules declare on their routes live here too so the catalogue stays the one list.
 */
export const PERMISSION_CATALOGUE = {
  // Devices and monitoring
  view_devices: 'View devices',
  create_devices: 'Add devices',
  update_devices: 'Edit devices and run device actions',
  delete_devices: 'Remove devices',
  view_device_logs: 'View device connection logs',
  view_device_dashboard: 'View device dashboards',
  update_monitoring: 'Manage monitoring templates and periods',
  view_device_hotspots: 'View Wi-Fi hotspots',
  view_wireless_information: 'View wireless information',
  view_device_task_groups: 'View the task manager',
  manage_device_task_groups: 'Create and run device tasks',
  view_device_alert_configurations: 'View alerts and automations',
  manage_device_alert_configurations: 'Manage alerts and automations',
  create_multi_configuration: 'Configure devices (network, eSIM)',
  update_device_credit_status: 'Manage device services',
  move_devices_credits: 'Move device resources',
  // Remote access and VPN
  view_device_remote_access: 'View remote access',
  manage_device_remote_access: 'Open and manage remote access',
  view_vpn_hubs: 'View VPN hubs',
  manage_vpn_hubs: 'Manage VPN hubs',
  // Reports
  view_reports: 'View reports',
  manage_reports: 'Create and generate reports',
  // Administration
  view_companies: 'View companies and company data',
  manage_companies: 'Create, edit and move companies',
  access_child_companies: 'See subsidiary companies',
  view_users: 'View users',
  manage_users: 'Edit, move and remove users',
  view_user_invitations: 'View invitations',
  invite_users: 'Invite users',
  view_roles: 'View roles',
  manage_roles: 'Create and edit roles',
  view_permissions: "View a role's permissions",
  view_impersonation_logs: 'View impersonation logs',
  impersonate_users: 'Impersonate users',
  view_user_move_logs: 'View user move logs',
  view_tags: 'View tags',
  manage_tags: 'Create, edit and remove tags',
  view_files: 'View files',
  manage_files: 'Upload and remove files',
  view_images: 'View images',
  manage_images: 'Upload and remove images',
  // Resources
  view_credits: 'View resources',
  view_credits_summary: 'View the resource summary',
  manage_credits: 'Add and move resources',
  view_credit_transfer_codes: 'View codes',
  manage_credit_transfer_codes: 'Create codes',
  activate_credit_transfer_codes: 'Activate codes',
  view_company_data_history: 'View data purchases',
  // System
  view_statistics: 'View statistics',
  upload_files_global_scope: 'Manage global firmware',
  admin_view_notice: 'Manage global notices',
  view_mail_logs: 'View mail logs',
  manage_smtp: 'Manage SMTP settings',
  manage_webhooks: 'Manage webhooks (signed event deliveries to integrations)',
  super_admin: 'System administration',
} as const satisfies Record<string, string>;

export type Permission = keyof typeof PERMISSION_CATALOGUE;
export const PERMISSIONS = Object.keys(PERMISSION_CATALOGUE) as Permission[];

export const SUPER_ADMIN_PERMISSION: Permission = 'super_admin';

export const isPermission = (value: string): value is Permission =>
  Object.hasOwn(PERMISSION_CATALOGUE, value);

/** Permissions a route can require: one permission, any of several, or all of several. */
export type PermissionRequirement =
  Permission | { anyOf: readonly Permission[] } | { allOf: readonly Permission[] };

export const hasPermission = (
  granted: ReadonlySet<string> | readonly string[],
  required: PermissionRequirement,
): boolean => {
  const has = (p: string) =>
    Array.isArray(granted) ? granted.includes(p) : (granted as ReadonlySet<string>).has(p);
  if (typeof required === 'string') return has(required);
  if ('anyOf' in required) return required.anyOf.some(has);
  return required.allOf.every(has);
};

/**
 * The catalogue grouped as its comments group it, so the role editor can show permissions by
 * category. Every permission is in exactly one category (permissions.test.ts checks it).
 */
export const PERMISSION_CATEGORIES = {
  'Devices and monitoring': [
    'view_devices',
    'create_devices',
    'update_devices',
    'delete_devices',
    'view_device_logs',
    'view_device_dashboard',
    'update_monitoring',
    'view_device_hotspots',
    'view_wireless_information',
    'view_device_task_groups',
    'manage_device_task_groups',
    'view_device_alert_configurations',
    'manage_device_alert_configurations',
    'create_multi_configuration',
    'update_device_credit_status',
    'move_devices_credits',
  ],
  'Remote access and VPN': [
    'view_device_remote_access',
    'manage_device_remote_access',
    'view_vpn_hubs',
    'manage_vpn_hubs',
  ],
  Reports: ['view_reports', 'manage_reports'],
  Administration: [
    'view_companies',
    'manage_companies',
    'access_child_companies',
    'view_users',
    'manage_users',
    'view_user_invitations',
    'invite_users',
    'view_roles',
    'manage_roles',
    'view_permissions',
    'view_impersonation_logs',
    'impersonate_users',
    'view_user_move_logs',
    'view_tags',
    'manage_tags',
    'view_files',
    'manage_files',
    'view_images',
    'manage_images',
  ],
  Resources: [
    'view_credits',
    'view_credits_summary',
    'manage_credits',
    'view_credit_transfer_codes',
    'manage_credit_transfer_codes',
    'activate_credit_transfer_codes',
    'view_company_data_history',
  ],
  System: [
    'view_statistics',
    'upload_files_global_scope',
    'admin_view_notice',
    'view_mail_logs',
    'manage_smtp',
    'manage_webhooks',
    'super_admin',
  ],
} as const satisfies Record<string, readonly Permission[]>;

export type PermissionCategory = keyof typeof PERMISSION_CATEGORIES;
export const PERMISSION_CATEGORY_NAMES = Object.keys(PERMISSION_CATEGORIES) as PermissionCategory[];

const CATEGORY_OF: ReadonlyMap<string, PermissionCategory> = new Map(
  PERMISSION_CATEGORY_NAMES.flatMap((category) =>
    PERMISSION_CATEGORIES[category].map((permission) => [permission, category] as const),
  ),
);

/** The category a permission is listed under in the role editor. */
export const permissionCategory = (permission: Permission): PermissionCategory => {
  const category = CATEGORY_OF.get(permission);
  if (!category) throw new Error(`Permission ${permission} has no category`);
  return category;
};

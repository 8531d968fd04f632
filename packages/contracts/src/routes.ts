import { hasPermission, type Permission, type PermissionRequirement } from './permissions.ts';

/**
 * The console's route catalogue (spec §2). One list feeds the router, the menu, permission gating
 * and global search; the web app mounts only the routes whose feature is built.
 */
export interface RouteDef {
  /** Route name (spec's route names where it gives one, e.g. `company.info`). */
  name: string;
  /** react-router path. */
  path: string;
  title: string;
  /** Absent on routes every signed-in user may open. */
  permission?: PermissionRequirement;
  /** Rendered without navigation and header. */
  standalone?: boolean;
  /** Reachable without a session. */
  public?: boolean;
  /** Page transition name (spec: default toRight). */
  transition?: string;
}

const r = (
  name: string,
  path: string,
  title: string,
  permission?: PermissionRequirement,
  extra: Partial<RouteDef> = {},
): RouteDef => ({ name, path, title, ...(permission ? { permission } : {}), ...extra });

export const ROUTES: readonly RouteDef[] = [
  // Management
  r('devices.list', '/management/devices', 'Devices', 'view_devices'),
  r('hotspots', '/management/hotspots', 'Wi-Fi & Hotspots', 'view_device_hotspots'),
  r('wifi', '/management/wifi', 'Wi-Fi', 'view_wireless_information'),
  r('task-manager', '/management/task-manager', 'Task manager', 'view_device_task_groups'),
  r('reports.single', '/reports', 'Reports', 'view_reports'),
  r('reports.periodic.day', '/reports/periodic/day', 'Daily reports', 'view_reports'),
  r('reports.periodic.week', '/reports/periodic/week', 'Weekly reports', 'view_reports'),
  r('reports.periodic.month', '/reports/periodic/month', 'Monthly reports', 'view_reports'),
  r('reports.generated', '/report/generated/:id', 'Generated report', 'view_reports'),
  r(
    'automations',
    '/management/automations',
    'Alerts & Automations',
    'view_device_alert_configurations',
  ),
  r(
    'automations.silences',
    '/management/automations/silences',
    'Automation silences',
    'view_device_alert_configurations',
  ),
  r(
    'automations.create',
    '/management/automations/create',
    'New automation',
    'manage_device_alert_configurations',
  ),
  r(
    'automations.edit',
    '/management/automations/edit/:id',
    'Edit automation',
    'manage_device_alert_configurations',
  ),
  r(
    'automations.item',
    '/management/automations/:id/:tab?',
    'Automation',
    'view_device_alert_configurations',
  ),
  r('monitoring-templates', '/monitoring-templates', 'Monitoring templates', 'update_monitoring'),
  r(
    'monitoring-templates.create',
    '/monitoring-templates/create',
    'New monitoring template',
    'update_monitoring',
  ),
  r(
    'monitoring-templates.edit',
    '/monitoring-templates/edit/:id',
    'Edit monitoring template',
    'update_monitoring',
  ),
  r(
    'data-collection',
    '/monitoring-templates/data-collection',
    'Data collection',
    'update_monitoring',
  ),
  r(
    'data-collection.create',
    '/monitoring-templates/data-collection/create',
    'New data collection config',
    'update_monitoring',
  ),
  r(
    'data-collection.edit',
    '/monitoring-templates/data-collection/edit/:id',
    'Edit data collection config',
    'update_monitoring',
  ),
  r(
    'data-collection.item',
    '/monitoring-templates/data-collection/:id',
    'Data collection config',
    'update_monitoring',
  ),
  r(
    'device-configuration',
    '/device-configuration',
    'Device configuration',
    'create_multi_configuration',
  ),
  r('update-firmware', '/management/update-firmware', 'Update firmware', 'update_devices'),
  r('upload-backup', '/management/upload-backup', 'Upload backup', 'update_devices'),
  // Devices
  r('device', '/devices/:id/:tab?/:sub?', 'Device', 'view_devices'),
  r(
    'remote.mobile',
    '/device/:id/dashboard/:dashboard_id',
    'Mobile dashboard',
    'view_device_dashboard',
    {
      standalone: true,
    },
  ),
  // Remote access and VPN
  r('remote.access', '/remote/access', 'Remote access', 'view_device_remote_access'),
  r('remote.access.item', '/remote/access/:id', 'Remote access', 'view_device_remote_access'),
  r('remote.history', '/access-history', 'Access history', 'view_device_remote_access'),
  r('vpn.hubs', '/vpn/hubs', 'VPN hubs', 'view_vpn_hubs'),
  r('vpn.hub', '/vpn/hubs/:id/:tab?', 'VPN hub', 'view_vpn_hubs'),
  r('vpn.quick-connect', '/vpn/quick-connect', 'VPN quick connect', 'view_vpn_hubs'),
  r('vpn.quick-connect.item', '/vpn/quick-connect/:id/:tab?', 'VPN quick connect', 'view_vpn_hubs'),
  // Zones are shared by every company: only a super admin manages them.
  r('vpn.zones', '/vpn/zones', 'Hub zones', 'super_admin'),
  r('connect.desktop', '/rms-connect/desktop', 'Desktop', 'manage_device_remote_access', {
    standalone: true,
  }),
  r('connect.ssh', '/rms-connect/ssh', 'SSH', 'manage_device_remote_access', { standalone: true }),
  r('connect.sftp', '/rms-connect/sftp', 'SFTP', 'manage_device_remote_access', {
    standalone: true,
  }),
  r('connect.telnet', '/rms-connect/telnet', 'Telnet', 'manage_device_remote_access', {
    standalone: true,
  }),
  // Administration
  r('companies', '/companies', 'Companies', 'view_companies'),
  r('companies.tree', '/companies/tree', 'Company tree', 'view_companies'),
  r('company.info', '/companies/:company_id/:tab?/:sub?', 'Company', 'view_companies'),
  r('users.list', '/users', 'Users', 'view_users'),
  r('users.invitations', '/users/invitations', 'Invitations', 'view_user_invitations'),
  r('users.roles', '/users/roles', 'Roles & Permissions', 'view_roles'),
  r(
    'users.impersonation-logs',
    '/users/impersonation-logs',
    'Impersonation logs',
    'view_impersonation_logs',
  ),
  r('users.move-logs', '/users/move-logs', 'User move logs', 'view_user_move_logs'),
  r(
    'users.confirm-impersonation',
    '/users/confirm-impersonation-access/:token',
    'Confirm impersonation access',
  ),
  r('tags', '/tags', 'Tags', 'view_tags'),
  r('tag', '/tag/:id', 'Tag', 'view_tags'),
  r('files', '/management/files', 'Files', 'view_files'),
  r('images', '/management/files/images', 'Images', 'view_images'),
  r('services.pools', '/resources', 'Resources', 'view_credits'),
  r('services.credit-codes', '/resources/codes', 'Codes', 'view_credit_transfer_codes'),
  r('services.credit-history', '/resources/credits', 'Resources', 'view_credits'),
  r(
    'services.data-history',
    '/resources/data-history',
    'Data purchases',
    'view_company_data_history',
  ),
  r('redeem-code', '/redeem-code', 'Activate code', 'activate_credit_transfer_codes'),
  // System
  r('statistics', '/statistics/:tab?', 'Statistics', 'view_statistics'),
  r('statistics.connection-manager', '/statistics/connection-manager', 'Connection manager', {
    allOf: ['view_statistics', 'view_device_logs'],
  }),
  r('global-firmware', '/files/global/firmware', 'Global firmware', 'upload_files_global_scope'),
  r('notices', '/notices', 'Global notices', 'admin_view_notice'),
  r('auth-devices', '/auth-devices', 'Approved devices', 'super_admin'),
  r('mail-logs', '/system/mail-logs', 'Mail logs', 'view_mail_logs'),
  r('email-smtp', '/email-smtp', 'Email SMTP', 'manage_smtp'),
  r('forms', '/forms/:name/:id?', 'Form'),
  // Account and misc
  r('notifications.main', '/notifications', 'Notifications'),
  r('account', '/account', 'Account'),
  r('changelog', '/changelog', 'Changelog'),
  r('login', '/login', 'Sign in', undefined, { standalone: true, public: true }),
  r('logout', '/logout', 'Sign out', undefined, { standalone: true, public: true }),
  r('verify-email', '/verify-email', 'Verify e-mail', undefined, {
    standalone: true,
    public: true,
  }),
  r('forgot-password', '/account/forgot-password', 'Reset password', undefined, {
    standalone: true,
    public: true,
  }),
  r('reset-password', '/account/reset-password', 'Choose a new password', undefined, {
    standalone: true,
    public: true,
  }),
  r('register', '/register/:token', 'Create your account', undefined, {
    standalone: true,
    public: true,
  }),
  r('not-found', '/404', 'Page not found', undefined, { standalone: true, public: true }),
];

export const DEFAULT_START_PATH = '/management/devices';

export interface RouteNameMapEntry {
  permission: Permission;
  title: string;
  routeName: string;
}

export interface MenuItem {
  title: string;
  routeName: string;
  permission: PermissionRequirement;
  /** With a map, the first permitted entry decides the item's title and route. */
  routeNameMap?: readonly RouteNameMapEntry[];
}

export interface MenuGroup {
  key: string;
  name: string;
  icon: string;
  label?: string;
  items: readonly MenuItem[];
}

const byName = new Map(ROUTES.map((route) => [route.name, route]));

/**
 * A menu entry opening a catalogue route, with the route's own title and permission (menu routes
 * each require a single permission).
 */
const link = (routeName: string): RouteNameMapEntry => {
  const route = byName.get(routeName);
  if (typeof route?.permission !== 'string') {
    throw new Error(`Menu route ${routeName} is not a catalogue route with one permission`);
  }
  return { permission: route.permission, title: route.title, routeName };
};

/** One menu item for several routes: the first the user may open decides its title and target. */
const firstOf = (first: string, ...others: string[]): MenuItem => {
  const head = link(first);
  const routeNameMap = [head, ...others.map(link)];
  return {
    ...head,
    permission: { anyOf: routeNameMap.map((entry) => entry.permission) },
    routeNameMap,
  };
};

export const MENU_GROUPS: readonly MenuGroup[] = [
  {
    key: 'management',
    name: 'Management',
    icon: 'devices',
    items: [
      link('devices.list'),
      firstOf('hotspots', 'wifi'),
      link('task-manager'),
      link('reports.single'),
      link('automations'),
      link('monitoring-templates'),
      link('data-collection'),
    ],
  },
  {
    key: 'remote',
    name: 'Remote access',
    icon: 'remote',
    items: [link('remote.access'), link('remote.history')],
  },
  {
    key: 'vpn',
    name: 'VPN',
    icon: 'vpn',
    items: [link('vpn.hubs'), link('vpn.quick-connect'), link('vpn.zones')],
  },
  {
    key: 'administration',
    name: 'Administration',
    icon: 'administration',
    items: [
      link('companies'),
      firstOf('users.list', 'users.invitations', 'users.roles', 'users.impersonation-logs'),
      link('tags'),
      link('files'),
      link('images'),
      link('services.pools'),
      link('services.credit-codes'),
      link('services.data-history'),
    ],
  },
  {
    key: 'system',
    name: 'System',
    icon: 'system',
    items: [
      link('statistics'),
      link('global-firmware'),
      link('notices'),
      link('auth-devices'),
      link('mail-logs'),
      // A generic form rather than a route of its own (see FORM_ROUTES).
      {
        title: 'Move device resources',
        routeName: 'forms.move-device-resources',
        permission: 'move_devices_credits',
      },
    ],
  },
];

/** Menu route names that are not catalogue routes of their own (generic forms). */
const FORM_ROUTES: Readonly<Record<string, string>> = {
  'forms.move-device-resources': '/forms/move-device-resources',
};

export const routeByName = (name: string): RouteDef | undefined => byName.get(name);

export const pathForRouteName = (name: string): string | undefined =>
  FORM_ROUTES[name] ?? byName.get(name)?.path;

export const canOpenRoute = (route: RouteDef, permissions: readonly string[]): boolean =>
  !route.permission || hasPermission(permissions, route.permission);

export interface VisibleMenuItem {
  title: string;
  routeName: string;
  path: string;
}
export interface VisibleMenuGroup {
  key: string;
  name: string;
  icon: string;
  label?: string;
  items: VisibleMenuItem[];
}

export interface MenuContext {
  permissions: readonly string[];
  /** Route names the brand switched off. */
  disabledRoutes?: readonly string[];
  /** Route names whose page is built; others stay out of the menu. */
  isAvailable?: (routeName: string) => boolean;
}

const resolveItem = (item: MenuItem, ctx: MenuContext): VisibleMenuItem | undefined => {
  const candidates = item.routeNameMap ?? [
    { permission: item.permission, title: item.title, routeName: item.routeName },
  ];
  for (const candidate of candidates) {
    if (!hasPermission(ctx.permissions, candidate.permission)) continue;
    if (ctx.disabledRoutes?.includes(candidate.routeName)) continue;
    if (ctx.isAvailable && !ctx.isAvailable(candidate.routeName)) continue;
    const path = pathForRouteName(candidate.routeName);
    if (path) return { title: candidate.title, routeName: candidate.routeName, path };
  }
  return undefined;
};

/** Groups and items the caller sees: permitted, not disabled by the brand, built; empty groups dropped. */
export const visibleMenu = (ctx: MenuContext): VisibleMenuGroup[] =>
  MENU_GROUPS.map((group) => ({
    key: group.key,
    name: group.name,
    icon: group.icon,
    ...(group.label ? { label: group.label } : {}),
    items: group.items
      .map((item) => resolveItem(item, ctx))
      .filter((item): item is VisibleMenuItem => Boolean(item)),
  })).filter((group) => group.items.length > 0);

/** Where an unknown or forbidden path sends the user; undefined means no view permission at all. */
export const firstPermittedPath = (ctx: MenuContext): string | undefined =>
  visibleMenu(ctx)[0]?.items[0]?.path;

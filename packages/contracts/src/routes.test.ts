import { describe, expect, it } from 'vitest';
import { defaultRole } from './roles.ts';
import { isPermission } from './permissions.ts';
import {
  MENU_GROUPS,
  ROUTES,
  firstPermittedPath,
  pathForRouteName,
  visibleMenu,
  canOpenRoute,
  routeByName,
} from './routes.ts';

const permissionNames = (req: unknown): string[] =>
  typeof req === 'string'
    ? [req]
    : req && typeof req === 'object'
      ? Object.values(req as Record<string, string[]>).flat()
      : [];

describe('route catalogue', () => {
  it('has unique names and paths', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('names only catalogue permissions', () => {
    for (const route of ROUTES) {
      for (const p of permissionNames(route.permission)) expect(isPermission(p), p).toBe(true);
    }
    for (const item of MENU_GROUPS.flatMap((g) => g.items)) {
      for (const p of permissionNames(item.permission)) expect(isPermission(p), p).toBe(true);
      for (const entry of item.routeNameMap ?? [])
        expect(isPermission(entry.permission)).toBe(true);
    }
  });

  it('resolves every menu route name to a path', () => {
    for (const item of MENU_GROUPS.flatMap((g) => g.items)) {
      expect(pathForRouteName(item.routeName), item.routeName).toBeDefined();
      for (const entry of item.routeNameMap ?? [])
        expect(pathForRouteName(entry.routeName)).toBeDefined();
    }
  });

  it('carries the spec route names', () => {
    for (const name of [
      'company.info',
      'remote.mobile',
      'remote.access',
      'notifications.main',
      'reports.periodic.week',
    ]) {
      expect(routeByName(name), name).toBeDefined();
    }
    expect(routeByName('company.info')?.path).toContain(':company_id');
    expect(routeByName('login')).toMatchObject({ standalone: true, public: true });
  });
});

describe('visibleMenu', () => {
  const superAdmin = defaultRole('super_admin').permissions;
  const guest = defaultRole('read_only').permissions;

  it('shows the super admin every group', () => {
    expect(visibleMenu({ permissions: superAdmin }).map((g) => g.key)).toEqual([
      'management',
      'remote',
      'vpn',
      'administration',
      'system',
    ]);
  });

  it('hides items without permission and groups left empty', () => {
    const keys = visibleMenu({ permissions: guest }).map((g) => g.key);
    expect(keys).not.toContain('system');
    expect(visibleMenu({ permissions: ['view_tags'] })).toEqual([
      {
        key: 'administration',
        name: 'Administration',
        icon: 'administration',
        items: [{ title: 'Tags', routeName: 'tags', path: '/tags' }],
      },
    ]);
  });

  it('lets the first permitted routeNameMap entry decide title and route', () => {
    const [group] = visibleMenu({ permissions: ['view_roles', 'view_impersonation_logs'] });
    expect(group?.items).toEqual([
      { title: 'Roles & Permissions', routeName: 'users.roles', path: '/users/roles' },
    ]);
  });

  it('skips routes the brand disabled or that are not built', () => {
    const perms = ['view_device_hotspots', 'view_wireless_information'];
    expect(
      visibleMenu({ permissions: perms, disabledRoutes: ['hotspots'] })[0]?.items[0]?.routeName,
    ).toBe('wifi');
    expect(visibleMenu({ permissions: perms, isAvailable: () => false })).toEqual([]);
  });

  it('picks the first permitted page, or none', () => {
    expect(firstPermittedPath({ permissions: superAdmin })).toBe('/management/devices');
    expect(firstPermittedPath({ permissions: ['view_mail_logs'] })).toBe('/system/mail-logs');
    expect(firstPermittedPath({ permissions: [] })).toBeUndefined();
  });

  it('checks all-of requirements', () => {
    const route = routeByName('statistics.connection-manager');
    expect(route && canOpenRoute(route, ['view_statistics'])).toBe(false);
    expect(route && canOpenRoute(route, ['view_statistics', 'view_device_logs'])).toBe(true);
  });
});

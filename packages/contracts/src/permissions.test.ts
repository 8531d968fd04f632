import { describe, expect, it } from 'vitest';
import {
  PERMISSION_CATEGORIES,
  PERMISSION_CATEGORY_NAMES,
  PERMISSIONS,
  permissionCategory,
} from './permissions.ts';

describe('permission categories', () => {
  it('lists every catalogue permission exactly once', () => {
    const grouped = Object.values(PERMISSION_CATEGORIES).flat();
    expect(new Set(grouped).size).toBe(grouped.length);
    expect([...grouped].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('keeps the catalogue order of the groups', () => {
    expect(PERMISSION_CATEGORY_NAMES).toEqual([
      'Devices and monitoring',
      'Remote access and VPN',
      'Reports',
      'Administration',
      'Resources',
      'System',
    ]);
  });

  it('names the category of a permission', () => {
    expect(permissionCategory('view_devices')).toBe('Devices and monitoring');
    expect(permissionCategory('manage_vpn_hubs')).toBe('Remote access and VPN');
    expect(permissionCategory('manage_roles')).toBe('Administration');
    expect(permissionCategory('view_credits')).toBe('Resources');
    expect(permissionCategory('super_admin')).toBe('System');
  });
});

import { describe, expect, it } from 'vitest';
import { canInvite, DEFAULT_ROLES, defaultRole, truncateRoleName } from './roles.ts';
import { PERMISSIONS } from './permissions.ts';

describe('default roles', () => {
  it('has the ids, names and titles of spec §6', () => {
    const summary = DEFAULT_ROLES.map((r) => [r.id, r.name, r.title]);
    expect(summary).toEqual(
      expect.arrayContaining([
        [1, 'super_admin', 'System Administrator'],
        [2, 'admin', 'Administrator'],
        [3, 'end_user', 'End Client'],
        [4, 'read_only', 'Guest'],
        [6, 'readonly_admin', 'Advanced Guest'],
      ]),
    );
    expect(DEFAULT_ROLES.map((r) => r.name)).toContain('support');
    expect(new Set(DEFAULT_ROLES.map((r) => r.id)).size).toBe(DEFAULT_ROLES.length);
  });

  it('gives the super admin every permission and nobody else super_admin', () => {
    expect(defaultRole('super_admin').permissions).toEqual(PERMISSIONS);
    for (const role of DEFAULT_ROLES.filter((r) => r.name !== 'super_admin')) {
      expect(role.permissions).not.toContain('super_admin');
    }
  });

  it('lets admins manage subsidiaries and move credits, end clients neither', () => {
    const admin = defaultRole('admin').permissions;
    const endUser = defaultRole('end_user').permissions;
    expect(admin).toEqual(
      expect.arrayContaining(['access_child_companies', 'manage_credits', 'manage_users']),
    );
    expect(endUser).toContain('view_devices');
    expect(endUser).not.toContain('access_child_companies');
    expect(endUser).not.toContain('manage_credits');
  });

  it('keeps both guests demonstration-only, and only the advanced guest sees subsidiaries', () => {
    for (const name of ['read_only', 'readonly_admin'] as const) {
      const perms = defaultRole(name).permissions;
      expect(perms.filter((p) => !p.startsWith('view_') && p !== 'access_child_companies')).toEqual(
        [],
      );
    }
    expect(defaultRole('readonly_admin').permissions).toContain('access_child_companies');
    expect(defaultRole('read_only').permissions).not.toContain('access_child_companies');
  });
});

describe('invite rules', () => {
  it('follows spec §6', () => {
    expect(canInvite('super_admin', 'support')).toBe(true);
    expect(canInvite('admin', 'admin')).toBe(true);
    expect(canInvite('admin', 'support')).toBe(false);
    expect(canInvite('admin', 'super_admin')).toBe(false);
    expect(canInvite('end_user', 'read_only')).toBe(false);
    expect(canInvite('read_only', 'read_only')).toBe(false);
  });
});

describe('truncateRoleName', () => {
  it('cuts names longer than 45 characters', () => {
    expect(truncateRoleName('a'.repeat(45))).toBe('a'.repeat(45));
    expect(truncateRoleName('a'.repeat(46))).toBe(`${'a'.repeat(45)}…`);
  });
});

import { describe, expect, it } from 'vitest';
import {
  ROLE_MESSAGES,
  createRoleBodySchema,
  roleAssignedMessage,
  roleListQuerySchema,
  setRolePermissionsBodySchema,
  updateRoleBodySchema,
} from './roles.ts';

describe('role contracts', () => {
  it('takes permissions by catalogue name and defaults to none', () => {
    expect(createRoleBodySchema.parse({ title: ' Field tech ', company_id: 3 })).toEqual({
      title: 'Field tech',
      company_id: 3,
      permission_id: [],
    });
    const unknown = createRoleBodySchema.safeParse({
      title: 'x',
      company_id: 3,
      permission_id: ['view_devices', 'fly'],
    });
    expect(unknown.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['permission_id.1', ROLE_MESSAGES.unknownPermission],
    ]);
  });

  it('limits titles to 45 characters', () => {
    expect(updateRoleBodySchema.safeParse({ title: 'x'.repeat(45) }).success).toBe(true);
    expect(updateRoleBodySchema.safeParse({ title: 'x'.repeat(46) }).success).toBe(false);
    expect(updateRoleBodySchema.safeParse({ title: '  ' }).success).toBe(false);
  });

  it('needs the role and the full set to replace permissions', () => {
    expect(setRolePermissionsBodySchema.safeParse({ role_id: 7 }).success).toBe(false);
    expect(
      setRolePermissionsBodySchema.parse({ role_id: 7, permission_id: ['view_tags'] }),
    ).toEqual({ role_id: 7, permission_id: ['view_tags'] });
  });

  it('parses the list filters', () => {
    expect(
      roleListQuerySchema.parse({ company_id: '4', type: 'custom', inviteable: 'true' }),
    ).toMatchObject({ company_id: 4, type: 'custom', inviteable: true });
    expect(roleListQuerySchema.safeParse({ type: 'other' }).success).toBe(false);
  });

  it('says how many users still have a role', () => {
    expect(roleAssignedMessage(3)).toBe('Role is assigned to 3 user(s)');
  });
});

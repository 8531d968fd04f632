import { z } from 'zod';
import { idSchema, listQuerySchema } from '../list.ts';
import { isPermission, PERMISSION_CATEGORY_NAMES } from '../permissions.ts';
import { ROLE_NAME_MAX_LENGTH } from '../roles.ts';
import { nameSchema } from '../validation.ts';
import { requiredIdSchema } from './companies.ts';

export const ROLE_DESCRIPTION_MAX_LENGTH = 1000;

export const ROLE_MESSAGES = {
  defaultImmutable: 'Default roles cannot be changed',
  escalation: 'You cannot grant permissions you do not have',
  unknownPermission: 'Unknown permission',
  duplicateTitle: 'A role with this title already exists in this company',
  notFound: 'Role not found',
} as const;

/** DELETE /roles/{id} of a role someone still has. */
export const roleAssignedMessage = (users: number) => `Role is assigned to ${users} user(s)`;

export const ROLE_TYPES = ['default', 'custom'] as const;
export const roleTypeSchema = z.enum(ROLE_TYPES);
export type RoleType = z.infer<typeof roleTypeSchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  /** Machine name: the spec's name for default roles, a slug of the title for custom ones. */
  name: z.string(),
  title: z.string(),
  description: z.string(),
  /** Null for the default roles, which belong to no company. */
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  permissions_count: z.number().int(),
  is_default: z.boolean(),
});
export type Role = z.infer<typeof roleSchema>;

/** Fields GET /api/roles can sort by; anything else is a 400. */
export const ROLE_SORT_FIELDS = ['id', 'name', 'title', 'company_name'] as const;

export const roleListQuerySchema = listQuerySchema.extend({
  /** Custom roles of this company only; the default roles are listed regardless. */
  company_id: idSchema.optional(),
  type: roleTypeSchema.optional(),
  /** Only roles the caller may give a user of `company_id` (the invite form's role list). */
  inviteable: z.stringbool().optional(),
});
export type RoleListQuery = z.infer<typeof roleListQuerySchema>;

/** A permission by its catalogue name (RMS `permission_id`). */
export const permissionNameSchema = z
  .string()
  .refine(isPermission, { error: ROLE_MESSAGES.unknownPermission });

const permissionListSchema = z.array(permissionNameSchema).max(500);
const roleTitleSchema = nameSchema({ max: ROLE_NAME_MAX_LENGTH });
const roleDescriptionSchema = z.string().trim().max(ROLE_DESCRIPTION_MAX_LENGTH);

export const createRoleBodySchema = z.object({
  title: roleTitleSchema,
  description: roleDescriptionSchema.nullish(),
  company_id: requiredIdSchema('Company'),
  permission_id: permissionListSchema.default([]),
});
export type CreateRoleBody = z.infer<typeof createRoleBodySchema>;

/** Omitted fields stay as they are; `permission_id` replaces the whole set. */
export const updateRoleBodySchema = z.object({
  /** RMS clients repeat the path id in the body; it is ignored. */
  id: z.unknown().optional(),
  title: roleTitleSchema.optional(),
  description: roleDescriptionSchema.nullish(),
  permission_id: permissionListSchema.optional(),
});
export type UpdateRoleBody = z.infer<typeof updateRoleBodySchema>;

/** PUT /api/roles/permissions: replaces the permission set of `role_id`. */
export const setRolePermissionsBodySchema = z.object({
  role_id: requiredIdSchema('Role'),
  permission_id: permissionListSchema,
});
export type SetRolePermissionsBody = z.infer<typeof setRolePermissionsBodySchema>;

export const permissionCategorySchema = z.enum(PERMISSION_CATEGORY_NAMES);

/** One row of GET /api/roles/{id}/permissions: every catalogue permission, enabled or not. */
export const rolePermissionSchema = z.object({
  name: z.string(),
  description: z.string(),
  category: permissionCategorySchema,
  enabled: z.boolean(),
});
export type RolePermission = z.infer<typeof rolePermissionSchema>;

export const rolePermissionsQuerySchema = z.object({ q: z.string().trim().max(200).optional() });
export type RolePermissionsQuery = z.infer<typeof rolePermissionsQuerySchema>;

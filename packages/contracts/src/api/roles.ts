import { apiDateSchema } from '../api-dates.ts';
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
  created_at: apiDateSchema,
  updated_at: apiDateSchema,
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

/** The message of an id-or-array field that is neither. */
const idUnionMessage = (label: string, input: unknown, tooMany: string) => {
  if (input === undefined) return `${label} is required`;
  return Array.isArray(input) && input.length > 1 ? tooMany : `${label} is invalid`;
};

/**
 * RMS sends `company_id` as an array; a netfleet role belongs to exactly one company, so the array
 * holds that one company (a plain id is accepted too). Either way the body reads as one id.
 */
const roleCompanyIdSchema = z
  .union(
    [
      requiredIdSchema('Company'),
      z.array(requiredIdSchema('Company')).min(1, 'Company is required').max(1),
    ],
    { error: (issue) => idUnionMessage('Company', issue.input, 'A role belongs to one company') },
  )
  .transform((value) => (Array.isArray(value) ? (value[0] as number) : value));

export const createRoleBodySchema = z.object({
  title: roleTitleSchema,
  description: roleDescriptionSchema.nullish(),
  company_id: roleCompanyIdSchema,
  permission_id: permissionListSchema.default([]),
});
export type CreateRoleBody = z.infer<typeof createRoleBodySchema>;

/** Omitted fields stay as they are; `permission_id` replaces the whole set. */
export const updateRoleBodySchema = z.object({
  /** RMS clients repeat the path id in the body; it is ignored. */
  id: z.number().int().optional(),
  title: roleTitleSchema.optional(),
  description: roleDescriptionSchema.nullish(),
  permission_id: permissionListSchema.optional(),
});
export type UpdateRoleBody = z.infer<typeof updateRoleBodySchema>;

export const SET_ROLE_PERMISSIONS_MAX_ROLES = 100;

/**
 * PUT /api/roles/permissions: replaces the permission set of `role_id`, one role or (RMS) an array
 * of roles that all get the same set.
 */
export const setRolePermissionsBodySchema = z.object({
  role_id: z.union(
    [
      requiredIdSchema('Role'),
      z
        .array(requiredIdSchema('Role'))
        .min(1, 'Role is required')
        .max(SET_ROLE_PERMISSIONS_MAX_ROLES),
    ],
    {
      error: (issue) =>
        idUnionMessage('Role', issue.input, `At most ${SET_ROLE_PERMISSIONS_MAX_ROLES} roles`),
    },
  ),
  permission_id: permissionListSchema,
});
export type SetRolePermissionsBody = z.infer<typeof setRolePermissionsBodySchema>;

/** The answer: the role, or the roles in the order asked when `role_id` was an array. */
export const setRolePermissionsResultSchema = z.union([roleSchema, z.array(roleSchema)]);

export const permissionCategorySchema = z.enum(PERMISSION_CATEGORY_NAMES);

/** One row of GET /api/roles/{id}/permissions: every catalogue permission, enabled or not. */
export const rolePermissionSchema = z.object({
  /** RMS numbers permissions; netfleet names them (`name`), so there is no id: null. */
  id: z.number().int().nullable(),
  name: z.string(),
  /** RMS title: the catalogue's text (the same as description). */
  title: z.string(),
  description: z.string(),
  category: permissionCategorySchema,
  enabled: z.boolean(),
  /** The catalogue is part of the code, not rows: null. */
  created_at: z.string().nullable(),
});
export type RolePermission = z.infer<typeof rolePermissionSchema>;

export const rolePermissionsQuerySchema = z.object({ q: z.string().trim().max(200).optional() });
export type RolePermissionsQuery = z.infer<typeof rolePermissionsQuerySchema>;

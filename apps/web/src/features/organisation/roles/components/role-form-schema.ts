import { z } from 'zod';
import {
  createRoleBodySchema,
  permissionNameSchema,
  ROLE_DESCRIPTION_MAX_LENGTH,
} from '@netfleet/contracts';
import { ROLE_TEXTS } from '../texts';

/** What the role dialog edits; a new role also needs its company. */
export const roleFormSchema = (creating: boolean) =>
  z
    .object({
      title: createRoleBodySchema.shape.title,
      description: z.string().trim().max(ROLE_DESCRIPTION_MAX_LENGTH),
      company_id: z.number().int().optional(),
      permission_id: z.array(permissionNameSchema),
    })
    .refine((values) => !creating || values.company_id !== undefined, {
      path: ['company_id'],
      message: ROLE_TEXTS.companyRequired,
    });

export type RoleFormInput = z.input<ReturnType<typeof roleFormSchema>>;
export type RoleFormValues = z.output<ReturnType<typeof roleFormSchema>>;

export const ROLE_FORM_FIELDS = ['title', 'description', 'company_id', 'permission_id'] as const;

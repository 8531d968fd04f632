import { z } from 'zod';
import { MAX_ACTIVE_MONITORING_PARAMETERS } from '../constants.ts';
import { idSchema, listQuerySchema } from '../list.ts';
import { monitoringPeriodSchema, nameSchema } from '../validation.ts';
import { requiredIdSchema } from './companies.ts';

// Monitoring templates: periods per spec §9 parameter, applied with PUT /devices/monitoring.

export const MONITORING_TEMPLATE_NAME_MAX_LENGTH = 255;
export const MONITORING_TEMPLATE_DESCRIPTION_MAX_LENGTH = 1000;

export const MONITORING_TEMPLATE_MESSAGES = {
  notFound: 'Monitoring template not found',
  duplicateName: 'A monitoring template with this name already exists',
  tooManyActive: `At most ${MAX_ACTIVE_MONITORING_PARAMETERS} parameters may be active`,
  unknownParameter: 'Unknown monitoring parameter',
  duplicateParameter: 'The parameter is listed twice',
} as const;

export const monitoringParameterSchema = z.object({
  key: z.string().trim().min(1).max(64),
  period: monitoringPeriodSchema,
  enabled: z.boolean(),
});
export type MonitoringParameter = z.infer<typeof monitoringParameterSchema>;

export const monitoringTemplateSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  name: z.string(),
  description: z.string(),
  /** Each stored parameter with its spec §8 monitoring config entry. */
  parameters: z.array(
    monitoringParameterSchema.extend({
      label: z.string(),
      /** The monitoring config it sets (RMS data collect `config_id`: 0 dynamic … 7 VPN). */
      config_id: z.number().int(),
      /** Default, least and most period in seconds. */
      default: z.number().int(),
      min: z.number().int(),
      max: z.number().int(),
      /** The capability flag a device needs for it (has_gps, …); null when every device has it. */
      compat_key: z.string().nullable(),
      /** Bytes per message down (server → device) and up: spec §9 for dynamic, measured for the rest. */
      bytes: z.object({ down: z.number(), up: z.number() }),
    }),
  ),
  /** Estimated bytes per day of the enabled parameters (every entry has a per-message cost). */
  bytes_per_day: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MonitoringTemplate = z.infer<typeof monitoringTemplateSchema>;

export const MONITORING_TEMPLATE_SORT_FIELDS = ['id', 'name', 'created_at'] as const;

export const monitoringTemplateListQuerySchema = listQuerySchema.extend({
  company_id: idSchema.optional(),
});
export type MonitoringTemplateListQuery = z.infer<typeof monitoringTemplateListQuerySchema>;

const templateName = nameSchema({ max: MONITORING_TEMPLATE_NAME_MAX_LENGTH });
const templateDescription = z.string().trim().max(MONITORING_TEMPLATE_DESCRIPTION_MAX_LENGTH);
/** The limit is checked by the server over enabled entries; this bound only caps the payload. */
const parameters = z.array(monitoringParameterSchema).max(10_000);

export const createMonitoringTemplateBodySchema = z.object({
  company_id: requiredIdSchema('Company'),
  name: templateName,
  description: templateDescription.nullish(),
  parameters,
});
export type CreateMonitoringTemplateBody = z.infer<typeof createMonitoringTemplateBodySchema>;

export const updateMonitoringTemplateBodySchema = z.object({
  name: templateName.optional(),
  description: templateDescription.nullish(),
  parameters: parameters.optional(),
});
export type UpdateMonitoringTemplateBody = z.infer<typeof updateMonitoringTemplateBodySchema>;

import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import { idSchema, listQuerySchema } from '../list.ts';
import { reportDataSchema } from './report-data.ts';
import {
  REPORT_DESCRIPTION_MAX_LENGTH,
  REPORT_MESSAGES,
  REPORT_NAME_MAX_LENGTH,
  REPORT_PARAMETERS,
  REPORT_PERIODS,
  REPORT_TYPES,
} from './reports.ts';

// Generated reports (issue 20; RMS /reports/generated): what a template produced, kept with its
// figures, PDF and CSV.

export const MAIL_STATUSES = ['none', 'sent', 'failed'] as const;

/** One generated report (RMS inline_response_200_35_data, with its period and mailing). */
export const generatedReportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  report_template_id: z.number().int().nullable(),
  report_template_name: z.string(),
  type: z.enum(REPORT_TYPES),
  created_at: apiDateSchema,
  /** netfleet: what the report covers, from start (included) to end (excluded). */
  period: z.enum(REPORT_PERIODS),
  period_start: apiDateSchema,
  period_end: apiDateSchema,
  time_zone: z.string(),
  parameters: z.array(z.enum(REPORT_PARAMETERS)),
  devices_count: z.number().int(),
  /** netfleet: whether the recipients got it (none: it had no recipients). */
  mail_status: z.enum(MAIL_STATUSES),
  mail_error: z.string().nullable(),
});
export type GeneratedReport = z.infer<typeof generatedReportSchema>;

export const generatedReportListQuerySchema = listQuerySchema.extend({
  report_template_id: idSchema.optional(),
  company_id: idSchema.optional(),
});
export type GeneratedReportListQuery = z.infer<typeof generatedReportListQuerySchema>;

export const GENERATED_REPORT_SORT_FIELDS = ['id', 'name', 'created_at', 'period_start'] as const;

/** PUT /reports/generated/{id} (RMS generated_report_edit): one of the two is enough. */
export const updateGeneratedReportBodySchema = z
  .object({
    name: z.string().trim().max(REPORT_NAME_MAX_LENGTH).optional(),
    description: z.string().trim().max(REPORT_DESCRIPTION_MAX_LENGTH).optional(),
  })
  .refine((body) => Boolean(body.name) || Boolean(body.description), {
    message: REPORT_MESSAGES.nameRequired,
    path: ['name'],
  });
export type UpdateGeneratedReportBody = z.infer<typeof updateGeneratedReportBodySchema>;

/** GET /reports/generated/{id}: the figures, with the generated report's own row (netfleet). */
export const generatedReportDetailSchema = reportDataSchema.extend({
  report: generatedReportSchema,
});
export type GeneratedReportDetail = z.infer<typeof generatedReportDetailSchema>;

/** RMS's meta of GET /reports/generated/{id}: the MACs of the devices that were up longest. */
export const generatedReportMetaSchema = z.object({
  max_router_uptime: z.string().nullable(),
  max_connection_uptime: z.string().nullable(),
});

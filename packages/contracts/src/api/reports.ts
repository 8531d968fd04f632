import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import { ID_MAX, idSchema, listQuerySchema } from '../list.ts';
import { EMAIL_MAX_LENGTH } from '../validation.ts';
import { isTimeZone } from './statistics.ts';

// Reports (issue 20; RMS /reports): templates over devices, companies or tags, generated once or
// after every day, week or month, as data, PDF and CSV. What they generate is in
// generated-reports.ts and report-data.ts; the credit report in credit-report.ts.

/** RMS's report parameters, in the order of their ids (RMS answers `parameters` as ids 1..7). */
export const RMS_REPORT_PARAMETERS = [
  'router_uptime',
  'temperature',
  'connection_uptime',
  'connection_type',
  'operator',
  'data_usage',
  'signal',
] as const;

/** Every parameter a report can hold: RMS's, then netfleet's (ids 8..11). */
export const REPORT_PARAMETERS = [
  ...RMS_REPORT_PARAMETERS,
  'alerts',
  'tasks',
  'remote_access',
  'credits',
] as const;
export type ReportParameter = (typeof REPORT_PARAMETERS)[number];

/** A parameter's RMS id (1-based position in REPORT_PARAMETERS). */
export const reportParameterId = (name: ReportParameter): number =>
  REPORT_PARAMETERS.indexOf(name) + 1;

export const REPORT_TYPES = ['single', 'periodic'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_PERIODS = ['day', 'week', 'month', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
/** The periods a periodic report repeats over. */
export const REPORT_REPEATING_PERIODS = ['day', 'week', 'month'] as const;
export const REPORT_APPLIED_BY = ['device', 'company', 'tag'] as const;
export type ReportAppliedBy = (typeof REPORT_APPLIED_BY)[number];

export const REPORT_NAME_MAX_LENGTH = 100;
export const REPORT_DESCRIPTION_MAX_LENGTH = 200;
export const REPORT_RECIPIENTS_MAX = 20;
export const REPORT_APPLY_LIST_MAX = 1000;

export const REPORT_MESSAGES = {
  notFound: 'Report not found',
  generatedNotFound: 'Generated report not found',
  periodInFuture: 'The report period cannot end in the future',
  startRequired: 'Start date is required for a custom period',
  endRequired: 'End date is required for a custom period',
  endBeforeStart: 'The end date must be after the start date',
  periodicCustom: 'A periodic report repeats daily, weekly or monthly',
  unknownParameter: 'Unknown report parameter',
  parametersRequired: 'Choose at least one parameter',
  duplicateParameter: 'A parameter is chosen twice',
  applyListRequired: 'Choose at least one item the report applies to',
  invalidRecipient: 'Recipient must be an e-mail address',
  tooManyRecipients: `At most ${REPORT_RECIPIENTS_MAX} recipients`,
  invalidDate: 'Use the date format YYYY-MM-DD HH:mm:ss',
  unknownTimeZone: 'Unknown time zone',
  deviceNotFound: 'Device not found',
  companyNotFound: 'Company not found',
  tagNotFound: 'Tag not found',
  smtpNotFound: 'SMTP configuration not found',
  nameRequired: 'Name or description is required',
  noOwner: "The report's owner no longer exists",
  rangeEndBeforeStart: 'The end date must not be before the start date',
} as const;

/**
 * A date as RMS sends it (`2019-08-22 00:00:00`, its examples padded with spaces), the day alone
 * for its midnight, or ISO 8601; read as UTC like every API date.
 */
export const reportDateSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const plain = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(value);
    const iso = /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(value);
    const date = plain
      ? new Date(`${value.length === 10 ? `${value} 00:00:00` : value}Z`.replace(' ', 'T'))
      : iso
        ? new Date(value)
        : new Date(Number.NaN);
    if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1970) {
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.invalidDate, input: value });
      return z.NEVER;
    }
    return date;
  });

/** A parameter by its name, or by its RMS id (what GET /reports answers). */
export const reportParameterSchema = z
  .union([z.string(), z.number().int()], { error: () => REPORT_MESSAGES.unknownParameter })
  .transform((value, ctx): ReportParameter => {
    const name =
      typeof value === 'number'
        ? REPORT_PARAMETERS[value - 1]
        : REPORT_PARAMETERS.find((parameter) => parameter === value.trim());
    if (!name) {
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.unknownParameter, input: value });
      return z.NEVER;
    }
    return name;
  });

export const reportRecipientSchema = z
  .string({ error: () => REPORT_MESSAGES.invalidRecipient })
  .trim()
  .max(EMAIL_MAX_LENGTH, REPORT_MESSAGES.invalidRecipient)
  .pipe(z.email(REPORT_MESSAGES.invalidRecipient));

const reportIdSchema = z.number().int().min(1).max(ID_MAX);

/** RMS sends `is_active` as a boolean; its answers carry 0 or 1, taken back as well. */
const activeSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((value) => value === true || value === 1);

const templateFields = {
  name: z.string().trim().max(REPORT_NAME_MAX_LENGTH),
  description: z.string().trim().max(REPORT_DESCRIPTION_MAX_LENGTH),
  type: z.enum(REPORT_TYPES),
  period: z.enum(REPORT_PERIODS),
  parameters: z
    .array(reportParameterSchema)
    .min(1, REPORT_MESSAGES.parametersRequired)
    .max(REPORT_PARAMETERS.length),
  applied_by: z.enum(REPORT_APPLIED_BY),
  apply_list: z
    .array(reportIdSchema)
    .min(1, REPORT_MESSAGES.applyListRequired)
    .max(REPORT_APPLY_LIST_MAX),
  start_date: reportDateSchema.nullable(),
  end_date: reportDateSchema.nullable(),
  is_active: activeSchema,
  /** netfleet: who gets each generated report (PDF attached). */
  recipients: z
    .array(reportRecipientSchema)
    .max(REPORT_RECIPIENTS_MAX, REPORT_MESSAGES.tooManyRecipients),
  /** netfleet: the company SMTP server the mail leaves through (default: the system's). */
  smtp_config_id: reportIdSchema.nullable(),
  /** netfleet: days, weeks (from Monday) and months start at midnight in this IANA zone. */
  time_zone: z
    .string()
    .trim()
    .max(64)
    .refine(isTimeZone, { message: REPORT_MESSAGES.unknownTimeZone }),
  /** netfleet: the company the report belongs to (default: the caller's). */
  company_id: reportIdSchema,
};

/** POST /reports (RMS reports_add, with netfleet's recipients, SMTP server and time zone). */
export const createReportTemplateBodySchema = z.object({
  ...templateFields,
  name: templateFields.name.optional(),
  description: templateFields.description.optional(),
  start_date: templateFields.start_date.optional(),
  end_date: templateFields.end_date.optional(),
  is_active: templateFields.is_active.optional(),
  recipients: templateFields.recipients.default([]),
  smtp_config_id: templateFields.smtp_config_id.optional(),
  time_zone: templateFields.time_zone.default('UTC'),
  company_id: templateFields.company_id.optional(),
});
export type CreateReportTemplateBody = z.infer<typeof createReportTemplateBodySchema>;

/** PUT /reports/{id} (RMS reports_update): fields left out stay as they are. */
export const updateReportTemplateBodySchema = z
  .object(templateFields)
  .omit({ company_id: true })
  .partial();
export type UpdateReportTemplateBody = z.infer<typeof updateReportTemplateBodySchema>;

/** A template as the service checks it once the body is merged with what is stored. */
export interface ReportTemplateDraft {
  type: ReportType;
  period: ReportPeriod;
  parameters: readonly ReportParameter[];
  start_date: Date | null;
  end_date: Date | null;
}

/**
 * What a template's fields say together: a custom period needs both dates, ending after it starts
 * and not in the future; periodic reports repeat daily, weekly or monthly. Empty when it is fine.
 */
export const reportTemplateProblems = (
  draft: ReportTemplateDraft,
  now: Date,
): { message: string; source: string }[] => {
  const problems: { message: string; source: string }[] = [];
  const seen = new Set<string>();
  draft.parameters.forEach((parameter, index) => {
    if (seen.has(parameter))
      problems.push({ message: REPORT_MESSAGES.duplicateParameter, source: `parameters.${index}` });
    seen.add(parameter);
  });
  if (draft.type === 'periodic' && draft.period === 'custom')
    problems.push({ message: REPORT_MESSAGES.periodicCustom, source: 'period' });
  if (draft.period !== 'custom') return problems;
  if (!draft.start_date)
    problems.push({ message: REPORT_MESSAGES.startRequired, source: 'start_date' });
  if (!draft.end_date) problems.push({ message: REPORT_MESSAGES.endRequired, source: 'end_date' });
  if (draft.start_date && draft.end_date && draft.end_date <= draft.start_date)
    problems.push({ message: REPORT_MESSAGES.endBeforeStart, source: 'end_date' });
  if (draft.end_date && draft.end_date > now)
    problems.push({ message: REPORT_MESSAGES.periodInFuture, source: 'end_date' });
  return problems;
};

/** One template (RMS inline_response_200_34_data, with what the console needs besides). */
export const reportTemplateSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(REPORT_TYPES),
  period: z.enum(REPORT_PERIODS),
  /** RMS answers the parameters' ids (1 router_uptime … 7 signal; netfleet's 8..11). */
  parameters: z.array(z.number().int()),
  /** netfleet: the same parameters by name. */
  parameter_names: z.array(z.enum(REPORT_PARAMETERS)),
  applied_by: z.enum(REPORT_APPLIED_BY),
  apply_list: z.array(z.number().int()),
  /** Names of the applied devices, companies or tags (those gone since are left out). */
  apply_list_names: z.array(z.string()),
  /** 1 active, 0 paused (periodic reports run only while active). */
  is_active: z.number().int(),
  /** When a report was last generated from it. */
  generated_at: apiDateSchema.nullable(),
  start_date: apiDateSchema.nullable(),
  end_date: apiDateSchema.nullable(),
  created_at: apiDateSchema,
  updated_at: apiDateSchema,
  /** netfleet: the template's owner, whose view of the companies the report takes. */
  user_id: z.number().int().nullable(),
  recipients: z.array(z.string()),
  smtp_config_id: z.number().int().nullable(),
  time_zone: z.string(),
  /** netfleet: when a periodic report is generated next (null: not scheduled). */
  next_run_at: apiDateSchema.nullable(),
  /** netfleet: why the last generation failed; null after one that succeeded. */
  last_error: z.string().nullable(),
});
export type ReportTemplate = z.infer<typeof reportTemplateSchema>;

/** GET /reports: RMS's filters; `period` takes RMS's single/periodic or a period itself. */
export const reportTemplateListQuerySchema = listQuerySchema.extend({
  period: z.enum([...REPORT_TYPES, ...REPORT_PERIODS]).optional(),
  /** netfleet: single or periodic, beside a `period` of day, week, month or custom. */
  type: z.enum(REPORT_TYPES).optional(),
  company_id: idSchema.optional(),
  applied_by: z.enum(REPORT_APPLIED_BY).optional(),
});
export type ReportTemplateListQuery = z.infer<typeof reportTemplateListQuerySchema>;

export const REPORT_TEMPLATE_SORT_FIELDS = [
  'id',
  'name',
  'type',
  'period',
  'created_at',
  'updated_at',
] as const;

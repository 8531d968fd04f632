import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import { creditTypeNameSchema } from '../credit-types.ts';
import { ID_MAX, idSchema, listQuerySchema } from '../list.ts';
import { EMAIL_MAX_LENGTH } from '../validation.ts';
import { isTimeZone } from './statistics.ts';

// Reports (issue 20; RMS /reports, /reports/generated, /credits/report): templates over devices,
// companies or tags, generated once or after every day, week or month, as data, PDF and CSV.

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

const int = z.number().int();
const intOrNull = int.nullable();

/** The device holding a highest or lowest value (RMS `all.max_signal` …). */
export const reportExtremeSchema = z
  .object({
    router_id: int,
    name: z.string(),
    serial: z.string(),
    mac: z.string().nullable(),
    value: int,
  })
  .nullable();
export type ReportExtreme = z.infer<typeof reportExtremeSchema>;

/**
 * One device's figures over the period (RMS inline_response_200_36_data_devices, with netfleet's
 * alerts, tasks, remote access and credits). A parameter the report does not hold is null, as is
 * one the device reported nothing for. Bytes, seconds, dBm and deci-degrees are whole numbers.
 */
export const reportDeviceSchema = z.object({
  router_id: int,
  name: z.string(),
  serial: z.string(),
  mac: z.string().nullable(),
  company_id: int,
  /** The operator and connection type of the device's last reading in the period (modem 1). */
  operator: z.string().nullable(),
  connection_type: z.string().nullable(),
  received: intOrNull,
  sent: intOrNull,
  received_sim1: intOrNull,
  received_sim2: intOrNull,
  sent_sim1: intOrNull,
  sent_sim2: intOrNull,
  max_signal: intOrNull,
  min_signal: intOrNull,
  /** The longest uptime (seconds since boot) the device reported in the period. */
  router_uptime: intOrNull,
  /** Seconds the device was connected and reporting in the period. */
  connection_uptime: intOrNull,
  max_temperature: intOrNull,
  min_temperature: intOrNull,
  alerts: intOrNull,
  tasks: intOrNull,
  tasks_succeeded: intOrNull,
  tasks_failed: intOrNull,
  remote_sessions: intOrNull,
  remote_bytes: intOrNull,
  credits_used: intOrNull,
});
export type ReportDevice = z.infer<typeof reportDeviceSchema>;

/** The device fields each parameter fills, in the order the CSV and the PDF show them. */
export const REPORT_PARAMETER_FIELDS: Readonly<
  Record<ReportParameter, readonly (keyof ReportDevice)[]>
> = {
  router_uptime: ['router_uptime'],
  temperature: ['max_temperature', 'min_temperature'],
  connection_uptime: ['connection_uptime'],
  connection_type: ['connection_type'],
  operator: ['operator'],
  data_usage: ['received', 'sent', 'received_sim1', 'received_sim2', 'sent_sim1', 'sent_sim2'],
  signal: ['max_signal', 'min_signal'],
  alerts: ['alerts'],
  tasks: ['tasks', 'tasks_succeeded', 'tasks_failed'],
  remote_access: ['remote_sessions', 'remote_bytes'],
  credits: ['credits_used'],
};

export const reportStatSchema = z.object({ name: z.string(), value: int });

/** One day of the period in its time zone (netfleet; the PDF's charts draw these). */
export const reportDaySchema = z.object({
  date: z.string(),
  received: int,
  sent: int,
  alerts: int,
});
export type ReportDay = z.infer<typeof reportDaySchema>;

/** GET /reports/generated/{id} data (RMS inline_response_200_36_data, plus netfleet's). */
export const reportDataSchema = z.object({
  all: z.object({
    max_signal: reportExtremeSchema,
    min_signal: reportExtremeSchema,
    mobile_data: z.object({ sent: int, received: int, total: int }).nullable(),
    average_values: z.object({
      signal: intOrNull,
      temperature: intOrNull,
      router_uptime: intOrNull,
      connection_uptime: intOrNull,
    }),
    max_temperature: reportExtremeSchema,
    min_temperature: reportExtremeSchema,
    max_router_uptime: reportExtremeSchema,
    min_router_uptime: reportExtremeSchema,
    max_connection_uptime: reportExtremeSchema,
    min_connection_uptime: reportExtremeSchema,
    /** netfleet's totals over the devices (null when the report does not hold the parameter). */
    devices: int,
    alerts: intOrNull,
    tasks: intOrNull,
    tasks_succeeded: intOrNull,
    tasks_failed: intOrNull,
    remote_sessions: intOrNull,
    remote_bytes: intOrNull,
    credits_used: intOrNull,
  }),
  params: z.object({
    type: z.enum(REPORT_TYPES),
    company: int,
    apply_to: z.enum(REPORT_APPLIED_BY),
    start_date: apiDateSchema,
    end_date: apiDateSchema,
    /** The parameters' ids, comma-joined as RMS gives them. */
    parameters: z.string(),
    period_type: z.enum(REPORT_PERIODS),
    report_name: z.string(),
    report_description: z.string(),
    /** Seconds since the epoch. */
    generation_date: int,
    time_zone: z.string(),
  }),
  devices: z.array(reportDeviceSchema),
  /** Devices per operator and per connection type, most first. */
  operator_stats: z.array(reportStatSchema),
  connection_type_stats: z.array(reportStatSchema),
  daily: z.array(reportDaySchema),
});
export type ReportData = z.infer<typeof reportDataSchema>;

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

/** GET /credits/report and /credits/report/json. */
export const creditReportQuerySchema = z
  .object({
    /** RMS requires it; netfleet defaults to the caller's company. */
    company_id: idSchema.optional(),
    start_date: reportDateSchema,
    end_date: reportDateSchema,
    /** netfleet: one type only (default: every type, each row naming its own). */
    credit_type_name: creditTypeNameSchema.optional(),
  })
  .refine((query) => query.end_date >= query.start_date, {
    message: REPORT_MESSAGES.rangeEndBeforeStart,
    path: ['end_date'],
  });
export type CreditReportQuery = z.infer<typeof creditReportQuerySchema>;

/** RMS inline_response_200_41_data, with the range and each row's resource type. */
export const creditReportSchema = z.object({
  totals: z.object({
    /** Moves to subsidiaries, and the credits they carried. */
    child_pools: int,
    child_company_credits: int,
    /** Ledger entries of the company in the range. */
    pool_logs: int,
    /** Credits spent on devices. */
    credits_for_devices: int,
    /** Credits put in codes the company made. */
    transfer_codes_credits: int,
    /** Credits exchanged for company data. */
    data_purchase: int,
  }),
  child_pools: z.array(
    z.object({
      count: int,
      to_company_id: int,
      company_name: z.string(),
      credit_type_name: z.string(),
    }),
  ),
  pool_logs: z.array(
    z.object({
      device_mac: z.string().nullable(),
      device_serial: z.string().nullable(),
      pool_id: intOrNull,
      action: z.string(),
      action_id: int,
      created_at: apiDateSchema,
      username: z.string().nullable(),
      amount: int,
      credit_type_name: z.string(),
    }),
  ),
  transfer_codes: z.array(
    z.object({
      amount: int,
      /** The credits the code holds for its pool (netfleet codes hold their whole amount). */
      pool_amount: int,
      code: z.string(),
      is_used: int,
      used_by_company_id: intOrNull,
      created_at: apiDateSchema,
      credit_type_name: z.string(),
    }),
  ),
  data_purchase: z.array(
    z.object({
      id: int,
      bytes_purchased: int,
      credits_used: int,
      from_pool_id: intOrNull,
      company_id: int,
      user_id: intOrNull,
      created_at: apiDateSchema,
    }),
  ),
  company_id: int,
  company_name: z.string(),
  start_date: apiDateSchema,
  end_date: apiDateSchema,
});
export type CreditReport = z.infer<typeof creditReportSchema>;

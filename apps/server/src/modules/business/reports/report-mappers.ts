import {
  MAIL_STATUSES,
  reportParameterId,
  toApiDate,
  toApiDateOrNull,
  type GeneratedReport,
  type ReportAppliedBy,
  type ReportTemplate,
} from '@netfleet/contracts';
import type { GeneratedRow } from './generated-reports.repository';
import type { TemplateRow } from './report-templates.repository';

export type NameOf = (kind: ReportAppliedBy, id: number) => string | undefined;

export const toTemplate = ({ template: t, companyName }: TemplateRow, nameOf: NameOf) =>
  ({
    id: t.id,
    company_id: t.companyId,
    company_name: companyName,
    name: t.name,
    description: t.description,
    type: t.type,
    period: t.period,
    parameters: t.parameters.map(reportParameterId),
    parameter_names: t.parameters,
    applied_by: t.appliedBy,
    apply_list: t.applyList,
    apply_list_names: t.applyList
      .map((id) => nameOf(t.appliedBy, id))
      .filter((name): name is string => name !== undefined),
    is_active: t.isActive ? 1 : 0,
    generated_at: toApiDateOrNull(t.lastGeneratedAt),
    start_date: toApiDateOrNull(t.startDate),
    end_date: toApiDateOrNull(t.endDate),
    created_at: toApiDate(t.createdAt),
    updated_at: toApiDate(t.updatedAt),
    user_id: t.userId,
    recipients: t.recipients,
    smtp_config_id: t.smtpConfigId,
    time_zone: t.timeZone,
    next_run_at: toApiDateOrNull(t.nextRunAt),
    last_error: t.lastError,
  }) satisfies ReportTemplate;

export const toGenerated = (row: GeneratedRow): GeneratedReport => ({
  id: row.id,
  name: row.name,
  description: row.description,
  company_id: row.companyId,
  company_name: row.companyName,
  report_template_id: row.templateId,
  report_template_name: row.templateName,
  type: row.type,
  created_at: toApiDate(row.createdAt),
  period: row.period,
  period_start: toApiDate(row.periodStart),
  period_end: toApiDate(row.periodEnd),
  time_zone: row.timeZone,
  parameters: row.parameters,
  devices_count: row.devicesCount,
  mail_status: MAIL_STATUSES.find((status) => status === row.mailStatus) ?? 'none',
  mail_error: row.mailError,
});

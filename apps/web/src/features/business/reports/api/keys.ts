import type { TableQuery } from '@/components/data-table';
import type { ReportKind } from '../model/report-kind';

export const REPORTS_PATH = '/reports';
export const GENERATED_REPORTS_PATH = `${REPORTS_PATH}/generated`;
export const CREDIT_REPORT_PATH = '/credits/report';

export const reportPath = (id: number | string) => `${REPORTS_PATH}/${id}`;
export const generatedReportApiPath = (id: number | string) => `${GENERATED_REPORTS_PATH}/${id}`;

/** GET /credits/report(/json)'s query: a company (default the user's) and a range of API dates. */
export interface CreditReportRequest {
  company_id?: number;
  start_date: string;
  end_date: string;
}

/**
 * One root for templates and generated reports: generating adds a generated report and changes
 * its template's last generation, deleting a template leaves its reports; every mutation
 * invalidates `reportsKeys.all`.
 */
export const reportsKeys = {
  all: ['reports'] as const,
  templates: (kind: ReportKind, companyId: number | null, query: TableQuery) =>
    [...reportsKeys.all, 'templates', kind, companyId, query] as const,
  template: (id: string) => [...reportsKeys.all, 'template', id] as const,
  generatedList: (templateId: number, offset: number) =>
    [...reportsKeys.all, 'generated-list', templateId, offset] as const,
  generated: (id: string) => [...reportsKeys.all, 'generated', id] as const,
  creditReport: (request: CreditReportRequest) =>
    [...reportsKeys.all, 'credit-report', request] as const,
  /** Outside `all`: invalidating the reports once a generation ends must not read it again. */
  status: (channel: string) => ['reports-generation', channel] as const,
};

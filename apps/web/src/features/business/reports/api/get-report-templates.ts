import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportTemplate } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { kindQuery, type ReportKind } from '../model/report-kind';
import { reportPath, REPORTS_PATH, reportsKeys } from './keys';

/** GET /reports of one kind (single, or periodic over a period), optionally of one company. */
export async function getReportTemplates(
  kind: ReportKind,
  companyId: number | null,
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<ReportTemplate>> {
  const response = await api.get<ReportTemplate[]>(REPORTS_PATH, {
    query: {
      ...toApiQuery(query),
      ...kindQuery(kind),
      ...(companyId === null ? {} : { company_id: companyId }),
    },
    signal,
  });
  return toListPage(response);
}

export function useReportTemplates(kind: ReportKind, companyId: number | null, query: TableQuery) {
  return useQuery({
    queryKey: reportsKeys.templates(kind, companyId, query),
    queryFn: ({ signal }) => getReportTemplates(kind, companyId, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /reports/{id}: one template (the edit form's starting values). */
export async function getReportTemplate(id: string, signal?: AbortSignal): Promise<ReportTemplate> {
  const { data } = await api.get<ReportTemplate>(reportPath(id), { signal });
  return data;
}

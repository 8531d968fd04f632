import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GeneratedReport } from '@netfleet/contracts';
import { toListPage } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { GENERATED_REPORTS_PATH, reportsKeys } from './keys';

/** A page of the generated reports list (the dialog pages through it itself). */
export const GENERATED_PAGE_SIZE = 25;

/** GET /reports/generated of one template, newest first. */
export function useGeneratedReports(templateId: number, offset: number) {
  return useQuery({
    queryKey: reportsKeys.generatedList(templateId, offset),
    queryFn: async ({ signal }) => {
      const response = await api.get<GeneratedReport[]>(GENERATED_REPORTS_PATH, {
        query: {
          report_template_id: templateId,
          limit: GENERATED_PAGE_SIZE,
          offset,
          sort: '-created_at',
        },
        signal,
      });
      return toListPage(response);
    },
    placeholderData: keepPreviousData,
  });
}

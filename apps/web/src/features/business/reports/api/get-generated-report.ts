import { useQuery } from '@tanstack/react-query';
import type { GeneratedReportDetail } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { generatedReportApiPath, reportsKeys } from './keys';

/** GET /reports/generated/{id}: the report's row with its figures (devices, totals, days). */
export async function getGeneratedReport(
  id: string,
  signal?: AbortSignal,
): Promise<GeneratedReportDetail> {
  const { data } = await api.get<GeneratedReportDetail>(generatedReportApiPath(id), { signal });
  return data;
}

export function useGeneratedReport(id: string) {
  return useQuery({
    queryKey: reportsKeys.generated(id),
    queryFn: ({ signal }) => getGeneratedReport(id, signal),
    // A generated report never changes its figures.
    staleTime: Infinity,
  });
}

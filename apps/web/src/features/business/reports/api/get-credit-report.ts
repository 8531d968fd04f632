import { useQuery } from '@tanstack/react-query';
import type { CreditReport } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { CREDIT_REPORT_PATH, reportsKeys, type CreditReportRequest } from './keys';

/** GET /credits/report/json once a range is chosen (null: nothing asked yet). */
export function useCreditReport(request: CreditReportRequest | null) {
  return useQuery({
    queryKey: reportsKeys.creditReport(request ?? { start_date: '', end_date: '' }),
    queryFn: async ({ signal }) => {
      const { data } = await api.get<CreditReport>(`${CREDIT_REPORT_PATH}/json`, {
        query: { ...request },
        signal,
      });
      return data;
    },
    enabled: request !== null,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { CreditSummary } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { CREDIT_SUMMARY_PATH, creditsKeys } from './keys';

/** Spec §9: the summary is cached for 10 s (the account menu asks each time it opens). */
const SUMMARY_STALE_MS = 10_000;

export async function getCreditSummary(
  companyId: number | null,
  signal?: AbortSignal,
): Promise<CreditSummary> {
  const query = companyId === null ? {} : { company_id: companyId };
  const { data } = await api.get<CreditSummary>(CREDIT_SUMMARY_PATH, { query, signal });
  return data;
}

/** What is left per type: the user's own company, or `companyId`'s. */
export function useCreditSummary(companyId: number | null, enabled = true) {
  return useQuery({
    queryKey: creditsKeys.summary(companyId),
    queryFn: ({ signal }) => getCreditSummary(companyId, signal),
    staleTime: SUMMARY_STALE_MS,
    enabled,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Company, CompanyDataPurchase } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { COMPANY_DATA_HISTORY_PATH, creditsKeys } from './keys';

export async function getCompanyDataPurchases(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<CompanyDataPurchase>> {
  const response = await api.get<CompanyDataPurchase[]>(COMPANY_DATA_HISTORY_PATH, {
    query: toApiQuery(query),
    signal,
  });
  return toListPage(response);
}

/** GET /companies/data/history: company data bought by the companies the user sees. */
export function useCompanyDataPurchases(query: TableQuery) {
  return useQuery({
    queryKey: creditsKeys.dataPurchases(query),
    queryFn: ({ signal }) => getCompanyDataPurchases(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The company (GET /companies/{id}) for its name and the bytes of data it has left. */
export async function getRemainingData(
  companyId: number,
  signal?: AbortSignal,
): Promise<Pick<Company, 'id' | 'name' | 'remaining_data'>> {
  const { data } = await api.get<Company>(`/companies/${companyId}`, { signal });
  return { id: data.id, name: data.name, remaining_data: data.remaining_data };
}

export function useRemainingData(companyId: number, enabled = true) {
  return useQuery({
    queryKey: creditsKeys.remainingData(companyId),
    queryFn: ({ signal }) => getRemainingData(companyId, signal),
    enabled,
  });
}

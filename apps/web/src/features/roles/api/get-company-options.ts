import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Company } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { rolesKeys } from './keys';

/** Spec §9 picker size. */
const PICKER_LIMIT = 100;

export interface CompanyOption {
  value: string;
  label: string;
}

/** GET /companies?limit=100&q=…: the companies a custom role can belong to. */
export async function getCompanyOptions(
  search: string,
  signal?: AbortSignal,
): Promise<CompanyOption[]> {
  const response = await api.get<Company[]>('/companies', {
    query: { limit: PICKER_LIMIT, q: search.trim() },
    signal,
  });
  return response.data.map((company) => ({ value: String(company.id), label: company.name }));
}

export function useCompanyOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: rolesKeys.companyOptions(search),
    queryFn: ({ signal }) => getCompanyOptions(search, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Company } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { tagsKeys } from './keys';

/** As many as a picker lists (spec §7 pickers: limit 100); typing searches the rest. */
export const COMPANY_OPTIONS_LIMIT = 100;

export interface CompanyOption {
  value: string;
  label: string;
}

export async function getCompanyOptions(
  search: string,
  signal?: AbortSignal,
): Promise<CompanyOption[]> {
  const { data } = await api.get<Company[]>('/companies', {
    query: { limit: COMPANY_OPTIONS_LIMIT, sort: 'name', q: search || undefined },
    signal,
  });
  return data.map((company) => ({ value: String(company.id), label: company.name }));
}

export function useCompanyOptions(search: string) {
  return useQuery({
    queryKey: tagsKeys.companyOptions(search),
    queryFn: ({ signal }) => getCompanyOptions(search, signal),
    placeholderData: keepPreviousData,
  });
}

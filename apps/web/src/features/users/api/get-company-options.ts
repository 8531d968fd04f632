import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Company } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import type { FilterOption } from './get-role-options';
import { usersKeys } from './keys';

/** Spec §9 picker size. */
const PICKER_LIMIT = 100;

export const companyOption = (company: Pick<Company, 'id' | 'name'>): FilterOption => ({
  value: String(company.id),
  label: company.name,
});

/** GET /companies?limit=100&q=…: the company filter's options. */
export async function getCompanyOptions(
  search: string,
  signal?: AbortSignal,
): Promise<FilterOption[]> {
  const response = await api.get<Company[]>('/companies', {
    query: { limit: PICKER_LIMIT, q: search.trim() },
    signal,
  });
  return response.data.map(companyOption);
}

export function useCompanyOptions(search: string) {
  return useQuery({
    queryKey: usersKeys.companyOptions(search),
    queryFn: ({ signal }) => getCompanyOptions(search, signal),
    placeholderData: keepPreviousData,
  });
}

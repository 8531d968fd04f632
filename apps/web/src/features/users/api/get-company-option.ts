import { useQuery } from '@tanstack/react-query';
import type { Company } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { companyOption } from './get-company-options';
import type { FilterOption } from './get-role-options';
import { usersKeys } from './keys';

/** The filtered company by id: a link may name one beyond the options' first page. */
export async function getCompanyOption(
  id: string,
  signal?: AbortSignal,
): Promise<FilterOption | null> {
  const response = await api.get<Company[]>('/companies', { query: { id, limit: 1 }, signal });
  const [company] = response.data;
  return company ? companyOption(company) : null;
}

export function useCompanyOption(id: string | undefined) {
  return useQuery({
    queryKey: usersKeys.companyOption(id ?? ''),
    queryFn: ({ signal }) => getCompanyOption(id ?? '', signal),
    enabled: id !== undefined,
    staleTime: 60_000,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { Company } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { COMPANIES_PATH, companiesKeys } from './keys';

export async function getCompany(id: number | string, signal?: AbortSignal): Promise<Company> {
  const { data } = await api.get<Company>(`${COMPANIES_PATH}/${id}`, { signal });
  return data;
}

export function useCompany(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: companiesKeys.detail(id),
    queryFn: ({ signal }) => getCompany(id, signal),
    enabled,
  });
}

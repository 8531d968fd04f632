import { useQuery } from '@tanstack/react-query';
import type { CompanyTreeNode } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { COMPANIES_PATH, companiesKeys } from './keys';

/** The visible companies in tree order: a parent always comes before its subsidiaries. */
export async function getCompanyTree(signal?: AbortSignal): Promise<CompanyTreeNode[]> {
  const { data } = await api.get<CompanyTreeNode[]>(`${COMPANIES_PATH}/tree`, { signal });
  return data;
}

export function useCompanyTree() {
  return useQuery({
    queryKey: companiesKeys.tree(),
    queryFn: ({ signal }) => getCompanyTree(signal),
  });
}

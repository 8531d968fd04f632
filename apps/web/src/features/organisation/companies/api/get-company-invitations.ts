import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Invitation } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { companiesKeys } from './keys';

export const INVITATIONS_PATH = '/users/invitations';

export async function getCompanyInvitations(
  companyId: number,
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<Invitation>> {
  const response = await api.get<Invitation[]>(INVITATIONS_PATH, {
    query: { ...toApiQuery(query), company_id: companyId },
    signal,
  });
  return toListPage(response);
}

export function useCompanyInvitations(companyId: number, query: TableQuery) {
  return useQuery({
    queryKey: companiesKeys.invitations(companyId, query),
    queryFn: ({ signal }) => getCompanyInvitations(companyId, query, signal),
    placeholderData: keepPreviousData,
  });
}

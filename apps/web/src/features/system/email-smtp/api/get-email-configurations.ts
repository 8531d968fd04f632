import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EmailConfiguration } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { EMAIL_CONFIGURATIONS_PATH, emailSmtpKeys } from './keys';

export async function getEmailConfigurations(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<EmailConfiguration>> {
  const response = await api.get<EmailConfiguration[]>(EMAIL_CONFIGURATIONS_PATH, {
    query: toApiQuery(query),
    signal,
  });
  return toListPage(response);
}

export function useEmailConfigurations(query: TableQuery) {
  return useQuery({
    queryKey: emailSmtpKeys.list(query),
    queryFn: ({ signal }) => getEmailConfigurations(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** One configuration, or null when the caller cannot see it (the API has no GET by id). */
export async function getEmailConfiguration(id: number): Promise<EmailConfiguration | null> {
  const response = await api.get<EmailConfiguration[]>(EMAIL_CONFIGURATIONS_PATH, {
    query: { id, limit: 1 },
  });
  return response.data[0] ?? null;
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AccessRule } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { ACCESS_RULES_PATH, remoteAccessKeys } from './keys';

/** GET /devices/remote-access: a page of rules, one device's when `deviceId` is given. */
export async function getAccessRules(
  query: TableQuery,
  deviceId?: number,
  signal?: AbortSignal,
): Promise<ListPage<AccessRule>> {
  const apiQuery = toApiQuery(query);
  if (deviceId !== undefined) apiQuery.device_id = deviceId;
  const response = await api.get<AccessRule[]>(ACCESS_RULES_PATH, { query: apiQuery, signal });
  return toListPage(response);
}

export function useAccessRules(query: TableQuery, deviceId?: number) {
  return useQuery({
    queryKey: remoteAccessKeys.list(query, deviceId),
    queryFn: ({ signal }) => getAccessRules(query, deviceId, signal),
    placeholderData: keepPreviousData,
  });
}

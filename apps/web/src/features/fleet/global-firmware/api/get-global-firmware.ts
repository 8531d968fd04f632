import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FileInfo } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { FILES_PATH, GLOBAL_FIRMWARE_TYPE, globalFirmwareKeys } from './keys';

export async function getGlobalFirmware(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<FileInfo>> {
  const response = await api.get<FileInfo[]>(FILES_PATH, {
    query: { ...toApiQuery(query), type: GLOBAL_FIRMWARE_TYPE },
    signal,
  });
  return toListPage(response);
}

/** One page of the global firmware files (GET /files?type=global_firmware). */
export function useGlobalFirmware(query: TableQuery) {
  return useQuery({
    queryKey: globalFirmwareKeys.list(query),
    queryFn: ({ signal }) => getGlobalFirmware(query, signal),
    placeholderData: keepPreviousData,
  });
}

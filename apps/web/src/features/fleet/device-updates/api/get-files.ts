import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FileInfo, FileType } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { deviceUpdatesKeys, FILES_PATH } from './keys';

export async function getFiles(
  types: readonly FileType[],
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<FileInfo>> {
  const response = await api.get<FileInfo[]>(FILES_PATH, {
    query: { ...toApiQuery(query), type: types },
    signal,
  });
  return toListPage(response);
}

/** One page of the uploaded files of some types: firmware, or configuration backups. */
export function useFiles(types: readonly FileType[], query: TableQuery) {
  return useQuery({
    queryKey: deviceUpdatesKeys.fileList(types, query),
    queryFn: ({ signal }) => getFiles(types, query, signal),
    placeholderData: keepPreviousData,
  });
}

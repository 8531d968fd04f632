import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FileInfo } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { FILES_PATH, filesKeys } from './keys';

export async function getFiles(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<FileInfo>> {
  return toListPage(await api.get<FileInfo[]>(FILES_PATH, { query: toApiQuery(query), signal }));
}

/** One page of the files of the user's companies (GET /files with the table's filters). */
export function useFiles(query: TableQuery) {
  return useQuery({
    queryKey: filesKeys.list(query),
    queryFn: ({ signal }) => getFiles(query, signal),
    placeholderData: keepPreviousData,
  });
}

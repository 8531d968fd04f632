import { useQuery } from '@tanstack/react-query';
import type { SftpEntry } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { sftpPath } from '../paths';
import { connectKeys } from './keys';

export async function getSftpList(
  sessionId: number,
  path: string,
  signal?: AbortSignal,
): Promise<SftpEntry[]> {
  const { data } = await api.get<SftpEntry[]>(sftpPath(sessionId, 'list'), {
    query: { path },
    signal,
  });
  return data;
}

export function useSftpList(sessionId: number, path: string) {
  return useQuery({
    queryKey: connectKeys.sftpList(sessionId, path),
    queryFn: ({ signal }) => getSftpList(sessionId, path, signal),
    refetchOnWindowFocus: false,
  });
}

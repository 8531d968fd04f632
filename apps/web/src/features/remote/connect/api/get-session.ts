import { useQuery } from '@tanstack/react-query';
import type { ConnectSession } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { sessionPath } from '../paths';
import { connectKeys } from './keys';

export async function getConnectSession(id: number, signal?: AbortSignal): Promise<ConnectSession> {
  const { data } = await api.get<ConnectSession>(sessionPath(id), { signal });
  return data;
}

export function useConnectSession(id: number) {
  return useQuery({
    queryKey: connectKeys.session(id),
    queryFn: ({ signal }) => getConnectSession(id, signal),
    // Read once: the countdown runs from the first answer, and a refetch (window focus) must not
    // unmount a running terminal or desktop behind a loader.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectSession } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { CONNECT_PATH, remoteAccessKeys, sessionPath } from './keys';

/** GET /devices/connect/{access_id}/sessions: every session of a rule, or only the active ones. */
export function useRuleSessions(accessId: number, activeOnly: boolean) {
  return useQuery({
    queryKey: remoteAccessKeys.ruleSessions(accessId, activeOnly),
    queryFn: async ({ signal }) =>
      (
        await api.get<ConnectSession[]>(`${CONNECT_PATH}/${accessId}/sessions`, {
          query: { active: activeOnly ? 'true' : undefined },
          signal,
        })
      ).data,
  });
}

/** DELETE /devices/connect/sessions/{id}; the rules' counts of active sessions change too. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete<unknown>(sessionPath(id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: remoteAccessKeys.all }),
  });
}

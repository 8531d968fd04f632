import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSilenceBody, Silence, UpdateSilenceBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { SILENCES_PATH, automationsKeys, silencePath } from './keys';

/** POST /automations/silences: a silence of the user's company. */
export function useCreateSilence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateSilenceBody) =>
      (await api.post<Silence>(SILENCES_PATH, { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationsKeys.silences }),
  });
}

/** PUT /automations/silences/{id}: the fields sent change ("End now" sends only `ends_at`). */
export function useUpdateSilence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: UpdateSilenceBody }) =>
      (await api.put<Silence>(silencePath(id), { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationsKeys.silences }),
  });
}

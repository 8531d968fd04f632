import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ACCESS_RULES_PATH, remoteAccessKeys } from './keys';

/** DELETE /devices/remote-access with `{id: [...]}`: several rules in one call. */
export async function deleteAccessRules(ids: readonly number[]): Promise<void> {
  await api.delete<unknown>(ACCESS_RULES_PATH, { body: { id: ids } });
}

export function useDeleteAccessRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccessRules,
    onSettled: () => queryClient.invalidateQueries({ queryKey: remoteAccessKeys.all }),
  });
}

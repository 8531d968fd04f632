import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys, TOKENS_PATH } from './keys';

export async function revokeToken(id: number): Promise<void> {
  await api.delete<unknown>(`${TOKENS_PATH}/${id}`);
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.tokens() }),
  });
}

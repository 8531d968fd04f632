import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CREDIT_CODES_PATH, creditsKeys } from './keys';

/** DELETE /credits/codes/{id}: the code stops working and its credits go back to its company. */
export async function revokeCreditCode(id: number): Promise<void> {
  await api.delete<unknown>(`${CREDIT_CODES_PATH}/${id}`);
}

export function useRevokeCreditCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCreditCode,
    // The pools and the summary change too: the reserved credits are free again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditsKeys.all }),
  });
}

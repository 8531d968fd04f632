import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_BASE, api } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';
import { MFA_PATH, mfaStatusKey } from './get-mfa-status';

/** DELETE /account/mfa (password confirmed first, 423); refused when the company enforces MFA. */
export async function disableMfa(): Promise<void> {
  await api.delete<unknown>(MFA_PATH, { base: ACCOUNT_BASE });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: mfaStatusKey });
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_BASE, api } from '@/lib/api-client';
import { authKeys } from './keys';

export async function logout(): Promise<void> {
  await api.post<unknown>('/account/logout', { base: ACCOUNT_BASE });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: authKeys.logout(),
    mutationFn: logout,
    // Nothing of the previous user may linger in the cache for whoever signs in next.
    onSuccess: () => queryClient.removeQueries(),
  });
}

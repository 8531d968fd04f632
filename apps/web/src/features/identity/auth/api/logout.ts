import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endSession } from '@/lib/session-actions';
import { authKeys } from './keys';

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: authKeys.logout(),
    mutationFn: endSession,
    // Nothing of the previous user may linger in the cache for whoever signs in next.
    onSuccess: () => queryClient.removeQueries(),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeImpersonationAccess } from '@/lib/session-actions';
import { setAccessLimit } from './set-access-limit';

export function useRevokeImpersonationAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeImpersonationAccess,
    onSuccess: (answer) => setAccessLimit(queryClient, answer),
  });
}

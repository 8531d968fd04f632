import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /users/{id}/impersonation-access-request: mails the user a link that allows it. */
export function useRequestImpersonationAccess() {
  return useMutation({
    mutationFn: (id: number) => api.post(`/users/${id}/impersonation-access-request`),
  });
}

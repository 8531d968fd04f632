import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SentInvitation } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { usersKeys } from './keys';

/** POST /users/invitations/{id}/resend: a new link; the old one stops working. */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<SentInvitation>(`/users/invitations/${id}/resend`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

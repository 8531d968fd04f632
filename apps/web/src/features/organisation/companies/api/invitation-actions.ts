import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { INVITATIONS_PATH } from './get-company-invitations';
import { companiesKeys } from './keys';

/** Mails a new link; the server allows it at most once a minute per invitation. */
export async function resendInvitation(id: number): Promise<void> {
  await api.post<unknown>(`${INVITATIONS_PATH}/${id}/resend`);
}

export async function deleteInvitation(id: number): Promise<void> {
  await api.delete<unknown>(`${INVITATIONS_PATH}/${id}`);
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKeys.all }),
  });
}

export function useDeleteInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  impersonationAccessResponseSchema,
  type ImpersonationAccessResponse,
} from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';

/** POST /user/confirm-impersonation-access {token}: answers the new access limit. */
export async function confirmImpersonationAccess(
  token: string,
): Promise<ImpersonationAccessResponse> {
  const { data } = await api.post<unknown>('/user/confirm-impersonation-access', {
    body: { token },
  });
  return impersonationAccessResponseSchema.parse(data);
}

export function useConfirmImpersonationAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmImpersonationAccess,
    // The account menu shows the access limit of the signed-in user.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

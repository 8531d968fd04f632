import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImpersonationAccessResponse } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { parseAccessResponse, setAccessLimit } from './set-access-limit';

export async function revokeImpersonationAccess(): Promise<ImpersonationAccessResponse> {
  const { data } = await api.post<unknown>('/user/revoke-impersonation-access');
  return parseAccessResponse(data);
}

export function useRevokeImpersonationAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeImpersonationAccess,
    onSuccess: (answer) => setAccessLimit(queryClient, answer),
  });
}

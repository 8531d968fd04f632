import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  impersonationAccessResponseSchema,
  type ImpersonationAccessBody,
  type ImpersonationAccessResponse,
} from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { setAccessLimit } from './set-access-limit';

export async function grantImpersonationAccess(
  body: ImpersonationAccessBody,
): Promise<ImpersonationAccessResponse> {
  const { data } = await api.put<unknown>('/user/impersonation-access', { body });
  return impersonationAccessResponseSchema.parse(data);
}

export function useGrantImpersonationAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantImpersonationAccess,
    onSuccess: (answer) => setAccessLimit(queryClient, answer),
  });
}

import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@netfleet/contracts';
import { ACCOUNT_BASE, api } from '@/lib/api-client';

/** PUT /account/password: the user's other sessions end, this one stays signed in. */
export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await api.put<unknown>('/account/password', { base: ACCOUNT_BASE, body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

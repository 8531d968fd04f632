import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@netfleet/contracts';
import { ACCOUNT_BASE, api } from '@/lib/api-client';
import { authKeys } from './keys';

/** Sets the session, refresh and XSRF cookies; failures carry the error items (spec §7, §8). */
export async function login(body: LoginBody): Promise<void> {
  await api.post<unknown>('/account/login', { base: ACCOUNT_BASE, body });
}

export function useLogin() {
  return useMutation({ mutationKey: authKeys.login(), mutationFn: login });
}

import { useMutation } from '@tanstack/react-query';
import type { VerifyEmailBody } from '@netfleet/contracts';
import { ACCOUNT_BASE, api } from '@/lib/api-client';
import { authKeys } from './keys';

export async function verifyEmail(body: VerifyEmailBody): Promise<void> {
  await api.post<unknown>('/account/email/verify', { base: ACCOUNT_BASE, body });
}

export function useVerifyEmail() {
  return useMutation({ mutationKey: authKeys.verifyEmail(), mutationFn: verifyEmail });
}

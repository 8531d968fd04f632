import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, ResetPasswordBody } from '@netfleet/contracts';
import { ACCOUNT_BASE, api } from '@/lib/api-client';
import { authKeys } from './keys';

/** Answers the same whether or not an account uses the address (the server mails only accounts). */
export async function requestPasswordReset(body: ForgotPasswordBody): Promise<void> {
  await api.post<unknown>('/account/password/forgot', { base: ACCOUNT_BASE, body });
}

/** Sets the password with the mailed token; an invalid, used or expired one is 400 on `token`. */
export async function resetPassword(body: ResetPasswordBody): Promise<void> {
  await api.post<unknown>('/account/password/reset', { base: ACCOUNT_BASE, body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationKey: authKeys.forgotPassword(), mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationKey: authKeys.resetPassword(), mutationFn: resetPassword });
}

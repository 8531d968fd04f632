import { useQuery } from '@tanstack/react-query';
import { mfaStatusSchema, type MfaStatus } from '@netfleet/contracts';
import { ACCOUNT_BASE, api } from '@/lib/api-client';
import { accountKeys } from './keys';

/** The account service's MFA endpoints (base '/'). */
export const MFA_PATH = '/account/mfa';
export const mfaStatusKey = [...accountKeys.all, 'mfa'] as const;

/** GET /account/mfa: the caller's method, whether the company enforces one, recovery codes left. */
export async function getMfaStatus(signal?: AbortSignal): Promise<MfaStatus> {
  const { data } = await api.get<unknown>(MFA_PATH, { base: ACCOUNT_BASE, signal });
  return mfaStatusSchema.parse(data);
}

export function useMfaStatus() {
  return useQuery({ queryKey: mfaStatusKey, queryFn: ({ signal }) => getMfaStatus(signal) });
}

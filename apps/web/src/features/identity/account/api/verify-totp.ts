import type { TotpVerifyBody } from '@netfleet/contracts';
import { ACCOUNT_BASE, api, type ApiResponse } from '@/lib/api-client';
import { MFA_PATH } from './get-mfa-status';

/** POST /account/mfa/totp/verify: switches to TOTP; the answer holds the recovery codes. */
export function verifyTotp(body: TotpVerifyBody): Promise<ApiResponse<unknown>> {
  return api.post<unknown>(`${MFA_PATH}/totp/verify`, { base: ACCOUNT_BASE, body });
}

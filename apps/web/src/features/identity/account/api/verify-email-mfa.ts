import type { EmailVerifyBody } from '@netfleet/contracts';
import { ACCOUNT_BASE, api, type ApiResponse } from '@/lib/api-client';
import { MFA_PATH } from './get-mfa-status';

/** POST /account/mfa/email/verify: switches to e-mail codes; the answer holds the recovery codes. */
export function verifyEmailMfa(body: EmailVerifyBody): Promise<ApiResponse<unknown>> {
  return api.post<unknown>(`${MFA_PATH}/email/verify`, { base: ACCOUNT_BASE, body });
}

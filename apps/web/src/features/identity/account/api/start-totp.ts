import { totpEnrolmentSchema, type TotpEnrolment } from '@netfleet/contracts';
import { ACCOUNT_BASE, api } from '@/lib/api-client';
import { MFA_PATH } from './get-mfa-status';

/** POST /account/mfa/totp (password confirmed first, 423): a new secret and its QR code. */
export async function startTotp(): Promise<TotpEnrolment> {
  const { data } = await api.post<unknown>(`${MFA_PATH}/totp`, { base: ACCOUNT_BASE });
  return totpEnrolmentSchema.parse(data);
}

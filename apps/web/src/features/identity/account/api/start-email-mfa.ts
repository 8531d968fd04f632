import { emailEnrolmentSchema, type EmailEnrolment } from '@netfleet/contracts';
import { ACCOUNT_BASE, api } from '@/lib/api-client';
import { MFA_PATH } from './get-mfa-status';

/** POST /account/mfa/email (password confirmed first, 423): mails a code to check. */
export async function startEmailMfa(): Promise<EmailEnrolment> {
  const { data } = await api.post<unknown>(`${MFA_PATH}/email`, { base: ACCOUNT_BASE });
  return emailEnrolmentSchema.parse(data);
}

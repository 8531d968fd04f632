import type { UpdateAccountUserBody } from '@netfleet/contracts';
import { ACCOUNT_BASE, api } from '@/lib/api-client';

/** PUT /account/user: accept the terms and/or give an e-mail address (spec §4 Shell entry). */
export async function updateAccountUser(body: UpdateAccountUserBody): Promise<void> {
  await api.put('/account/user', { base: ACCOUNT_BASE, body });
}

export const acceptTerms = (): Promise<void> => updateAccountUser({ tos_accepted: true });

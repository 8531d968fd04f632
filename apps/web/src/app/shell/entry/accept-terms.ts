import { ACCOUNT_BASE, api } from '@/lib/api-client';

export async function acceptTerms(): Promise<void> {
  await api.put('/account/user', { base: ACCOUNT_BASE, body: { tos_accepted: true } });
}

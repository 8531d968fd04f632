import { useMutation } from '@tanstack/react-query';
import type { RegisterInvitationBody } from '@netfleet/contracts';
import { ACCOUNT_BASE, api } from '@/lib/api-client';
import { invitationPath } from './keys';

export interface RegisterInput {
  token: string;
  body: RegisterInvitationBody;
}

/** Creates the account (and the new company) and sets the session cookies: the user is signed in. */
export async function registerInvitation({ token, body }: RegisterInput): Promise<void> {
  await api.post<unknown>(`${invitationPath(token)}/register`, { base: ACCOUNT_BASE, body });
}

export function useRegisterInvitation() {
  return useMutation({ mutationFn: registerInvitation });
}

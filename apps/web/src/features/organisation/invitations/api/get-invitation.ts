import { useQuery } from '@tanstack/react-query';
import type { InvitationDetails } from '@netfleet/contracts';
import { ACCOUNT_BASE, api } from '@/lib/api-client';
import { invitationPath, invitationsKeys } from './keys';

/** GET /account/invitations/{token} (public): 404 once the link is used, withdrawn or expired. */
export async function getInvitation(
  token: string,
  signal?: AbortSignal,
): Promise<InvitationDetails> {
  const { data } = await api.get<InvitationDetails>(invitationPath(token), {
    base: ACCOUNT_BASE,
    signal,
  });
  return data;
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: invitationsKeys.details(token),
    queryFn: ({ signal }) => getInvitation(token, signal),
    enabled: token !== '',
  });
}

import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser, ImpersonationAccessResponse } from '@netfleet/contracts';
import { currentUserQueryKey } from '@/lib/current-user';

/** The limit date is a field of the current user (spec §3): grant and revoke answer its new value. */
export function setAccessLimit(
  queryClient: QueryClient,
  answer: ImpersonationAccessResponse,
): void {
  queryClient.setQueryData<CurrentUser>(currentUserQueryKey, (user) =>
    user ? { ...user, impersonation_access_limit: answer.impersonation_access_limit } : user,
  );
}

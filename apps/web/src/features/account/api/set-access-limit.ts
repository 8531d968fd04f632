import type { QueryClient } from '@tanstack/react-query';
import {
  impersonationAccessResponseSchema,
  type CurrentUser,
  type ImpersonationAccessResponse,
} from '@netfleet/contracts';
import { currentUserQueryKey } from '@/lib/current-user';

/** Parses the answer to a grant or revoke. */
export function parseAccessResponse(data: unknown): ImpersonationAccessResponse {
  return impersonationAccessResponseSchema.parse(data);
}

/** The limit date is a field of the current user (spec §3): both calls answer with its new value. */
export function setAccessLimit(
  queryClient: QueryClient,
  answer: ImpersonationAccessResponse,
): void {
  queryClient.setQueryData<CurrentUser>(currentUserQueryKey, (user) =>
    user ? { ...user, impersonation_access_limit: answer.impersonation_access_limit } : user,
  );
}

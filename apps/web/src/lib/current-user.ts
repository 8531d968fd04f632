// The signed-in user lives in the TanStack Query cache under one key: startup seeds it, every
// consumer reads it with useCurrentUser(), and invalidating the key reloads it (e.g. after
// accepting the terms).
import { useQuery } from '@tanstack/react-query';
import { currentUserSchema, USER_REQUEST_TIMEOUT_MS, type CurrentUser } from '@netfleet/contracts';
import { api, ApiError } from './api-client';
import { MESSAGE_TEXTS } from '@/lib/messages';

export const currentUserQueryKey = ['user'] as const;

/** GET /user answers RMS's shape: the user's fields at the top level, next to `success`. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  const body = await api.get<unknown>('/user', {
    signal,
    timeout: USER_REQUEST_TIMEOUT_MS,
    timeoutMessage: MESSAGE_TEXTS.userRequestTimeout,
  });
  const parsed = currentUserSchema.safeParse(body);
  if (!parsed.success)
    throw new ApiError(500, 'Invalid user data', [], MESSAGE_TEXTS.userDataFailed);
  return parsed.data;
}

/** Only valid below the startup gate, which guarantees the user is loaded. */
export function useCurrentUser(): CurrentUser {
  const { data } = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: Infinity,
  });
  if (!data) throw new Error('useCurrentUser() used before the user was loaded');
  return data;
}

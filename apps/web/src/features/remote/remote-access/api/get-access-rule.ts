import { useQuery } from '@tanstack/react-query';
import type { AccessRule } from '@netfleet/contracts';
import { api, ApiError } from '@/lib/api-client';
import { REMOTE_ACCESS_TEXTS } from '../texts';
import { ACCESS_RULES_PATH, remoteAccessKeys } from './keys';

/**
 * RMS has no GET of one rule: the list is asked for its id (the lists' `id` filter). The answer
 * is searched for that id, so a server that ignores the filter still cannot show another rule.
 */
export async function getAccessRule(id: number, signal?: AbortSignal): Promise<AccessRule> {
  const { data } = await api.get<AccessRule[]>(ACCESS_RULES_PATH, {
    query: { id, limit: 1 },
    signal,
  });
  const rule = data.find((candidate) => candidate.id === id);
  if (!rule) throw new ApiError(404, 'Not Found', [], REMOTE_ACCESS_TEXTS.notFound);
  return rule;
}

/** `known`: the rule as a table row had it, shown at once and then refreshed. */
export function useAccessRule(id: number, known?: AccessRule) {
  return useQuery({
    queryKey: remoteAccessKeys.detail(id),
    queryFn: ({ signal }) => getAccessRule(id, signal),
    initialData: known,
  });
}

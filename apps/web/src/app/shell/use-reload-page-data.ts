import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { currentUserQueryKey } from '@/lib/current-user';

/** Clicking the current route's link reloads the page's data (spec §2), not the whole app. */
export function useReloadPageData(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({
      type: 'active',
      predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0],
    });
  }, [queryClient]);
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { TAGS_PATH, tagsKeys } from './keys';

export interface DeleteTagsResult {
  removed: number;
  /** Why each tag that could not be removed stayed (ApiErrors). */
  failures: unknown[];
}

/** The API removes one tag per call; several are removed side by side and counted. */
export async function deleteTags(ids: readonly number[]): Promise<DeleteTagsResult> {
  const results = await Promise.allSettled(
    ids.map((id) => api.delete<unknown>(`${TAGS_PATH}/${id}`)),
  );
  const failures = results.flatMap((result) =>
    result.status === 'rejected' ? [result.reason] : [],
  );
  return { removed: ids.length - failures.length, failures };
}

export function useDeleteTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTags,
    // Also after a partial failure: the removed ones are gone.
    onSettled: () => queryClient.invalidateQueries({ queryKey: tagsKeys.all }),
  });
}

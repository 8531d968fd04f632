import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NoticeBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { ADMIN_NOTICES_PATH, noticesKeys } from './keys';

export interface SaveNoticeInput {
  /** Absent for a new notice. */
  id?: number;
  body: NoticeBody;
}

/** POST a new notice or PUT an existing one; the server sanitises the message (spec §9). */
export async function saveNotice({ id, body }: SaveNoticeInput): Promise<void> {
  if (id === undefined) await api.post<unknown>(ADMIN_NOTICES_PATH, { body });
  else await api.put<unknown>(`${ADMIN_NOTICES_PATH}/${id}`, { body });
}

export function useSaveNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKeys.all }),
  });
}

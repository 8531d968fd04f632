import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Notification } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import type { NotificationsPage } from './get-notifications';
import { notificationsKeys, NOTIFICATIONS_PATH } from './keys';

/** PUT /notifications {id: [...]}: marks the user's own notifications as seen. */
export async function markNotificationsSeen(ids: readonly number[]): Promise<void> {
  await api.put<unknown>(NOTIFICATIONS_PATH, { body: { id: ids } });
}

/** Unseen ids of a list, the only ones worth sending. */
export const unseenIds = (rows: readonly Notification[]): number[] =>
  rows.filter((row) => !row.seen_at).map((row) => row.id);

// Callers send only unseen ids, so each one lowers the bell's count, also those not in its list.
function applySeen(queryClient: QueryClient, ids: readonly number[], seenAt: string): void {
  const marked = new Set(ids);
  queryClient.setQueryData<NotificationsPage>(notificationsKeys.bell(), (page) =>
    page
      ? {
          ...page,
          rows: page.rows.map((row) =>
            marked.has(row.id) && !row.seen_at ? { ...row, seen_at: seenAt } : row,
          ),
          unseen: Math.max(0, page.unseen - ids.length),
        }
      : page,
  );
}

export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsSeen,
    onSuccess: (_answer, ids) => {
      applySeen(queryClient, ids, new Date().toISOString());
      return queryClient.invalidateQueries({ queryKey: notificationsKeys.lists() });
    },
  });
}

/** A live notification goes on top of the bell's list (spec §4), once. */
export function prependNotification(queryClient: QueryClient, notification: Notification): void {
  queryClient.setQueryData<NotificationsPage>(notificationsKeys.bell(), (page) => {
    if (!page || page.rows.some((row) => row.id === notification.id)) return page;
    return {
      rows: [notification, ...page.rows],
      total: page.total + 1,
      unseen: page.unseen + (notification.seen_at ? 0 : 1),
    };
  });
}

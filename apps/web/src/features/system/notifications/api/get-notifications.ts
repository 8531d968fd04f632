import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { notificationSchema, type Notification } from '@netfleet/contracts';
import { toApiQuery, type ListPage, type TableQuery } from '@/components/data-table';
import { api, ApiError, isApiError, type Query } from '@/lib/api-client';
import { notificationsKeys, NOTIFICATIONS_PATH } from './keys';
import { MESSAGE_TEXTS } from '@/lib/messages';

const listSchema = z.array(notificationSchema);

export interface NotificationsPage extends ListPage<Notification> {
  /** All of the user's unseen notifications, not only those on this page. */
  unseen: number;
}

/** Spec §8: the server's first message, else 'Failed to get notifications.'. */
function notificationsErrorMessage(error: unknown): string {
  return (isApiError(error) && error.errors[0]?.message) || MESSAGE_TEXTS.notificationsFailed;
}

/** Rethrows with the spec's message, keeping the status the query client's retry rule reads. */
function failed(error: unknown): never {
  if (!isApiError(error)) throw error;
  const { status, statusText, errors, retryAfter } = error;
  throw new ApiError(status, statusText, errors, notificationsErrorMessage(error), retryAfter);
}

export async function getNotifications(
  query: Query,
  signal?: AbortSignal,
): Promise<NotificationsPage> {
  const response = await api.get<unknown>(NOTIFICATIONS_PATH, { query, signal }).catch(failed);
  const parsed = listSchema.safeParse(response.data);
  if (!parsed.success) throw new ApiError(500, '', [], MESSAGE_TEXTS.notificationsFailed);
  const rows = parsed.data;
  const { total, unseen } = response.meta ?? {};
  return {
    rows,
    total: typeof total === 'number' ? total : rows.length,
    unseen: typeof unseen === 'number' ? unseen : rows.filter((row) => !row.seen_at).length,
  };
}

export const BELL_LIMIT = 20;

export function useBellNotifications() {
  return useQuery({
    queryKey: notificationsKeys.bell(),
    queryFn: ({ signal }) => getNotifications({ limit: BELL_LIMIT }, signal),
    // A failure shows its message in the list; opening the list asks again.
    retry: false,
  });
}

export function useNotificationsList(query: TableQuery) {
  return useQuery({
    queryKey: notificationsKeys.list(query),
    queryFn: ({ signal }) => getNotifications(toApiQuery(query), signal),
    placeholderData: keepPreviousData,
  });
}

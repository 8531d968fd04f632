import type { TableQuery } from '@/components/data-table';

export const notificationsKeys = {
  all: ['notifications'] as const,
  /** The header bell's newest notifications and unseen count. */
  bell: () => [...notificationsKeys.all, 'bell'] as const,
  lists: () => [...notificationsKeys.all, 'list'] as const,
  list: (query: TableQuery) => [...notificationsKeys.lists(), query] as const,
};

export const NOTIFICATIONS_PATH = '/notifications';

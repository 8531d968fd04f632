// English texts of the notifications bell and page, shared by their components and tests.
import { MESSAGES, type Notification } from '@netfleet/contracts';

export const en = {
  title: 'Notifications',
  bell: 'Notifications',
  bellUnseen: (count: number) => `Notifications, ${count} unseen`,
  empty: MESSAGES.noNotifications,
  failed: MESSAGES.notificationsFailed,
  viewAll: 'View all',
  date: 'Date',
  type: 'Type',
  summary: 'Summary',
  state: 'State',
  unseen: 'New',
  seen: 'Seen',
  markSeen: 'Mark as seen',
  markSeenAria: (summary: string) => `Mark "${summary}" as seen`,
  markAllSeen: 'Mark all as seen',
  markSeenFailed: 'Failed to mark notifications as seen',
  search: 'Search notifications',
  typeLabels: {
    invitedUserRegistration: 'Invited user registered',
    creditCodeActivation: 'Credit code activated',
    creditAmountTooLow: 'Credit amount too low',
    deviceAlert: 'Device alert',
  } satisfies Record<Notification['type'], string>,
} as const;

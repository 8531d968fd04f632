import { type Notification, userChannel } from '@netfleet/contracts';
import { isoOrNull } from '@/lib/dates';
import type { WebhookEvents } from '@/modules/system/webhooks/webhook-events';
import type { RealtimePublisher } from '@/plugins/realtime-publisher';
import type { NotificationRow, NotificationsRepository } from './notifications.repository';

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  seen_at: isoOrNull(row.seenAt),
  summary: row.summary,
  type: row.type,
});

interface Deps {
  notificationsRepository: NotificationsRepository;
  publisher: Pick<RealtimePublisher, 'toUser'>;
  webhooks: WebhookEvents;
  now: () => Date;
}

/** A user's notifications (spec §3): stored, pushed live to their sockets and their webhooks. */
export const createNotificationsService = ({
  notificationsRepository,
  publisher,
  webhooks,
  now,
}: Deps) => ({
  async notify(userId: number, type: Notification['type'], summary: string): Promise<Notification> {
    const notification = toNotification(
      await notificationsRepository.insert(userId, type, summary),
    );
    publisher.toUser(userId, 'WebNotificationCreated', {
      channel: userChannel(userId),
      notification,
    });
    await webhooks.enqueue(userId, 'notification.created', notification);
    return notification;
  },

  /**
   * Several notifications at once (alert actions): one insert, then each user's live
   * WebNotificationCreated and webhooks, as `notify` does for one.
   */
  async notifyMany(
    items: readonly { userId: number; type: Notification['type']; summary: string }[],
  ): Promise<Notification[]> {
    const rows = await notificationsRepository.insertMany(items);
    const byUser = new Map<number, Notification[]>();
    const created = rows.map((row) => {
      const notification = toNotification(row);
      publisher.toUser(row.userId, 'WebNotificationCreated', {
        channel: userChannel(row.userId),
        notification,
      });
      byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), notification]);
      return notification;
    });
    for (const [userId, payloads] of byUser)
      await webhooks.enqueueMany(userId, 'notification.created', payloads);
    return created;
  },

  async list(userId: number, page: { limit: number; offset: number }) {
    const { rows, total, unseen } = await notificationsRepository.list(userId, page);
    return { data: rows.map(toNotification), total, unseen };
  },

  markSeen(userId: number, ids: number[]) {
    return notificationsRepository.markSeen(userId, ids, now());
  },
});

export type NotificationsService = ReturnType<typeof createNotificationsService>;

import type { Notification } from '@netfleet/contracts';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { countAll } from '@/db/list';
import { notifications } from '@/db/schema';

const record = {
  id: notifications.id,
  type: notifications.type,
  summary: notifications.summary,
  createdAt: notifications.createdAt,
  seenAt: notifications.seenAt,
};

export type NotificationRow = Awaited<ReturnType<NotificationsRepository['insert']>>;

export const createNotificationsRepository = (db: Database) => ({
  async insert(userId: number, type: Notification['type'], summary: string, tx: Executor = db) {
    const [row] = await tx
      .insert(notifications)
      .values({ userId, type, summary })
      .returning(record);
    if (!row) throw new Error('notification insert returned no row');
    return row;
  },

  /** Many users' notifications in one statement, in the order given. */
  async insertMany(
    items: readonly { userId: number; type: Notification['type']; summary: string }[],
    tx: Executor = db,
  ) {
    if (items.length === 0) return [];
    return tx
      .insert(notifications)
      .values(items.map(({ userId, type, summary }) => ({ userId, type, summary })))
      .returning({ ...record, userId: notifications.userId });
  },

  /** Newest first, with how many there are and how many are unseen. */
  async list(userId: number, page: { limit: number; offset: number }, tx: Executor = db) {
    const own = eq(notifications.userId, userId);
    const rows = await tx
      .select(record)
      .from(notifications)
      .where(own)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await tx.select({ count: countAll }).from(notifications).where(own);
    const [unseen] = await tx
      .select({ count: countAll })
      .from(notifications)
      .where(and(own, isNull(notifications.seenAt)));
    return { rows, total: total?.count ?? 0, unseen: unseen?.count ?? 0 };
  },

  /** Only the user's own unseen ones; ids of others' notifications are ignored. */
  async markSeen(userId: number, ids: number[], at: Date, tx: Executor = db) {
    await tx
      .update(notifications)
      .set({ seenAt: at })
      .where(
        and(
          eq(notifications.userId, userId),
          inArray(notifications.id, ids),
          isNull(notifications.seenAt),
        ),
      );
  },
});

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

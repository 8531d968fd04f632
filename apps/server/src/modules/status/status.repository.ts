import type { StatusUpdate } from '@netfleet/contracts';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { statusChannels, statusUpdates } from '@/db/schema';

/** A channel that can still be read: it exists and has not expired at `at`. */
const live = (channel: string, at: Date) =>
  and(eq(statusChannels.id, channel), gt(statusChannels.expiresAt, at));

export const createStatusRepository = (db: Database) => ({
  async insertChannel(id: string, ownerUserId: number, expiresAt: Date, tx: Executor = db) {
    await tx.insert(statusChannels).values({ id, ownerUserId, expiresAt });
  },

  /** The owner of a live channel, or null when it is unknown or expired. */
  async findOwner(channel: string, at: Date, tx: Executor = db): Promise<number | null> {
    const [row] = await tx
      .select({ ownerUserId: statusChannels.ownerUserId })
      .from(statusChannels)
      .where(live(channel, at));
    return row?.ownerUserId ?? null;
  },

  /** Pushes a live channel's expiry forward; its owner, or null when it is gone. */
  async extend(channel: string, at: Date, expiresAt: Date, tx: Executor = db) {
    const [row] = await tx
      .update(statusChannels)
      .set({ expiresAt })
      .where(live(channel, at))
      .returning({ ownerUserId: statusChannels.ownerUserId });
    return row?.ownerUserId ?? null;
  },

  async insertUpdate(channelId: string, item: string, update: StatusUpdate, tx: Executor = db) {
    await tx.insert(statusUpdates).values({
      channelId,
      item,
      status: update.status,
      value: update.value,
      errorcode: update.errorcode ?? null,
      progress: update.progress ?? null,
      link: update.link ?? null,
    });
  },

  /** In the order they were published. */
  async listUpdates(channelId: string, tx: Executor = db) {
    return tx
      .select({
        item: statusUpdates.item,
        status: statusUpdates.status,
        value: statusUpdates.value,
        errorcode: statusUpdates.errorcode,
        progress: statusUpdates.progress,
        link: statusUpdates.link,
      })
      .from(statusUpdates)
      .where(eq(statusUpdates.channelId, channelId))
      .orderBy(asc(statusUpdates.id));
  },

  /** Their updates go with them (on delete cascade). */
  async deleteExpired(at: Date, tx: Executor = db) {
    await tx.delete(statusChannels).where(lte(statusChannels.expiresAt, at));
  },
});

export type StatusRepository = ReturnType<typeof createStatusRepository>;
export type StoredStatusUpdate = Awaited<ReturnType<StatusRepository['listUpdates']>>[number];

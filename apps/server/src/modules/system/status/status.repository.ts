import type { StatusUpdate } from '@netfleet/contracts';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { statusChannels, statusUpdates } from '@/db/schema';

/** One update of one item (a device, a webhook...) of a channel. */
export interface StatusItem {
  item: string;
  update: StatusUpdate;
}

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

  /**
   * All in one INSERT, the items as ONE jsonb parameter: a multi-row VALUES binds seven
   * parameters per row and took about five times longer for 1000 rows on PGlite. Ids, the read
   * order, follow the order of `items`.
   */
  async insertUpdates(channelId: string, items: readonly StatusItem[], tx: Executor = db) {
    if (items.length === 0) return;
    const field = (name: keyof StatusUpdate) => sql`e.v->'update'->>${name}`;
    await tx.execute(sql`
      insert into ${statusUpdates} (channel_id, item, status, value, errorcode, progress, link)
      select ${channelId}::text, e.v->>'item', ${field('status')}, ${field('value')},
        ${field('errorcode')}, e.v->'update'->'progress', ${field('link')}
      from jsonb_array_elements(${JSON.stringify(items)}::jsonb) with ordinality as e(v, n)
      order by e.n`);
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

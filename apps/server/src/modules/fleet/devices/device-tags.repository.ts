import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { deviceTags, tags } from '@/db/schema';

export const createDeviceTagsRepository = (db: Database) => ({
  /** Company of each of the tags (any company; the caller compares with the device's). */
  async companiesOf(tagIds: number[], tx: Executor = db) {
    if (!tagIds.length) return new Map<number, number>();
    const rows = await tx
      .select({ id: tags.id, companyId: tags.companyId })
      .from(tags)
      .where(inArray(tags.id, tagIds));
    return new Map(rows.map((row) => [row.id, row.companyId]));
  },

  async assign(pairs: { deviceId: number; tagId: number }[], tx: Executor = db) {
    if (pairs.length) await tx.insert(deviceTags).values(pairs).onConflictDoNothing();
  },

  async unassign(pairs: { deviceId: number; tagId: number }[], tx: Executor = db) {
    for (const { deviceId, tagId } of pairs) {
      await tx
        .delete(deviceTags)
        .where(and(eq(deviceTags.deviceId, deviceId), eq(deviceTags.tagId, tagId)));
    }
  },

  /** The device's tags become exactly `tagIds`. */
  async overwrite(deviceId: number, tagIds: number[]) {
    await db.transaction(async (tx) => {
      await tx.delete(deviceTags).where(eq(deviceTags.deviceId, deviceId));
      if (tagIds.length) {
        await tx.insert(deviceTags).values(tagIds.map((tagId) => ({ deviceId, tagId })));
      }
    });
  },
});

export type DeviceTagsRepository = ReturnType<typeof createDeviceTagsRepository>;

import { desc, eq, isNotNull } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { countAll } from '@/db/list';
import { globalNotices } from '@/db/schema';

export interface NoticeValues {
  type: (typeof globalNotices.$inferInsert)['type'];
  message: string;
  enabledAt: Date | null;
}

export const createNoticesRepository = (db: Database) => ({
  /** What every user sees: enabled notices, the most recently enabled first. */
  listEnabled(tx: Executor = db) {
    return tx
      .select()
      .from(globalNotices)
      .where(isNotNull(globalNotices.enabledAt))
      .orderBy(desc(globalNotices.enabledAt), desc(globalNotices.id));
  },

  /** Every notice, drafts included, newest first (the admin screen). */
  async list(page: { limit: number; offset: number }, tx: Executor = db) {
    const rows = await tx
      .select()
      .from(globalNotices)
      .orderBy(desc(globalNotices.createdAt), desc(globalNotices.id))
      .limit(page.limit)
      .offset(page.offset);
    const [count] = await tx.select({ total: countAll }).from(globalNotices);
    return { rows, total: count?.total ?? 0 };
  },

  async find(id: number, tx: Executor = db) {
    const [row] = await tx.select().from(globalNotices).where(eq(globalNotices.id, id));
    return row ?? null;
  },

  async insert(values: NoticeValues & { createdBy: number }, tx: Executor = db) {
    const [row] = await tx.insert(globalNotices).values(values).returning();
    if (!row) throw new Error('notice insert returned nothing');
    return row;
  },

  async update(id: number, values: NoticeValues, tx: Executor = db) {
    const [row] = await tx
      .update(globalNotices)
      .set(values)
      .where(eq(globalNotices.id, id))
      .returning();
    return row ?? null;
  },

  async remove(id: number, tx: Executor = db): Promise<boolean> {
    const rows = await tx
      .delete(globalNotices)
      .where(eq(globalNotices.id, id))
      .returning({ id: globalNotices.id });
    return rows.length === 1;
  },
});

export type NoticesRepository = ReturnType<typeof createNoticesRepository>;

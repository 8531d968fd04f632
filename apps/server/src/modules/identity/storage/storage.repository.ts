import { and, asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { countAll } from '@/db/list';
import { userStorage } from '@/db/schema';

const record = { key: userStorage.key, value: userStorage.value };
const own = (userId: number, key: string) =>
  and(eq(userStorage.userId, userId), eq(userStorage.key, key));

export const createStorageRepository = (db: Database) => ({
  async list(userId: number, page: { limit: number; offset: number }, tx: Executor = db) {
    const rows = await tx
      .select(record)
      .from(userStorage)
      .where(eq(userStorage.userId, userId))
      .orderBy(asc(userStorage.key))
      .limit(page.limit)
      .offset(page.offset);
    const [count] = await tx
      .select({ total: countAll })
      .from(userStorage)
      .where(eq(userStorage.userId, userId));
    return { rows, total: count?.total ?? 0 };
  },

  /** Null when the key already exists (the unique constraint decides, so races are safe). */
  async insert(userId: number, key: string, value: string, tx: Executor = db) {
    const [row] = await tx
      .insert(userStorage)
      .values({ userId, key, value })
      .onConflictDoNothing()
      .returning(record);
    return row ?? null;
  },

  async update(userId: number, key: string, value: string, tx: Executor = db) {
    const [row] = await tx
      .update(userStorage)
      .set({ value })
      .where(own(userId, key))
      .returning(record);
    return row ?? null;
  },

  async remove(userId: number, key: string, tx: Executor = db): Promise<boolean> {
    const rows = await tx
      .delete(userStorage)
      .where(own(userId, key))
      .returning({ key: userStorage.key });
    return rows.length === 1;
  },
});

export type StorageRepository = ReturnType<typeof createStorageRepository>;

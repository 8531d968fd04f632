import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { devices } from '@/db/schema';

/** The devices' status column, as every instance's liveness flush writes it. */
export const createPresenceRepository = (db: Database) => ({
  /** Which of `ids` the database marks online (status 1). */
  async onlineAmong(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: devices.id })
      .from(devices)
      .where(and(inArray(devices.id, [...ids]), eq(devices.status, 1)));
    return rows.map((row) => row.id);
  },
});

export type PresenceRepository = ReturnType<typeof createPresenceRepository>;

import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '@/db/client';
import { deviceJobs } from '@/db/schema';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** The node-postgres pool behind the drizzle handle, or null on PGlite (which has none). */
const poolOf = (db: Database): pg.Pool | null => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
};

export const createHealthRepository = (db: Database) => ({
  /** The cheapest statement that proves the database answers. */
  async ping(): Promise<void> {
    await db.execute(sql`select 1`);
  },

  /** Device jobs per status, in one scan of the status column. */
  async jobCountsByState(): Promise<{ state: string; count: number }[]> {
    return db
      .select({ state: deviceJobs.status, count: count() })
      .from(deviceJobs)
      .groupBy(deviceJobs.status);
  },

  /** Connections of the PostgreSQL pool; null on PGlite. */
  poolStats(): PoolStats | null {
    const pool = poolOf(db);
    return pool
      ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }
      : null;
  },
});

export type HealthRepository = ReturnType<typeof createHealthRepository>;

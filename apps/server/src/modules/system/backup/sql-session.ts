import type pg from 'pg';
import { type Database, pgliteOf } from '@/db/client';

/** Plain SQL on one connection inside one transaction, the same on PGlite and PostgreSQL. */
export interface SqlSession {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/**
 * Runs `work` in one transaction on one connection: `snapshot` is REPEATABLE READ READ ONLY, so
 * every statement sees the database as of the first one while writers go on (on PostgreSQL; the
 * embedded database runs one transaction at a time, so there writers wait for it).
 */
export const withSqlSession = async <T>(
  db: Database,
  mode: 'snapshot' | 'write',
  work: (session: SqlSession) => Promise<T>,
): Promise<T> => {
  const pglite = pgliteOf(db);
  if (pglite) {
    return pglite.transaction(async (tx) => {
      if (mode === 'snapshot') {
        await tx.query('set transaction isolation level repeatable read, read only');
      }
      return work({
        query: async <R>(text: string, params?: unknown[]) =>
          (await tx.query<R>(text, params)).rows,
      });
    });
  }
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query(
      mode === 'snapshot' ? 'begin isolation level repeatable read, read only' : 'begin',
    );
    const result = await work({
      query: async <R>(text: string, params?: unknown[]) =>
        (await client.query(text, params)).rows as R[],
    });
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};

export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

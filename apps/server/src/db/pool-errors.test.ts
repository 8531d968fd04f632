import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '@/config';
import { createDatabase, type DatabaseHandle } from './client';

// PostgreSQL restarted or a backend terminated while a transaction holds its connection between
// statements: pg emits the lost connection as an 'error' event on that checked-out client, which
// crashed the server (issue 23's fault tier). The transaction fails; the process and the pool go on.
const url = process.env.DATABASE_URL;
let handle: DatabaseHandle | null = null;
/** Both drivers answer `{ rows }`; the handle's type is the union of the two. */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
afterAll(() => handle?.close());

describe.skipIf(!url)('a PostgreSQL connection lost mid-transaction', () => {
  it('fails that transaction only; the next query gets a new connection', async () => {
    handle = await createDatabase({ databaseUrl: url } as Config);
    const { db } = handle;
    const failed = db
      .transaction(async (tx) => {
        const [row] = rowsOf(await tx.execute(sql`select pg_backend_pid() as pid`));
        // Another connection ends this one while the transaction waits between statements.
        await db.execute(sql`select pg_terminate_backend(${Number(row?.pid)})`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(await failed).toBeInstanceOf(Error);
    const after = await db.execute(sql`select 1 as one`);
    expect(rowsOf(after)).toEqual([{ one: 1 }]);
  });
});

// A PostgreSQL database of its own for one benchmark run (`nf_bench_<random>`), on the server at
// BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres, a role allowed to
// create databases), dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const adminUrl = () =>
  process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const asAdmin = async (sql: string) => {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

export const createBenchDatabase = async () => {
  // Letters and digits only: the name goes into the statement as it is.
  const name = `nf_bench_${randomBytes(6).toString('hex')}`;
  await asAdmin(`create database ${name}`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    /** Runs `use` with a connection to the database, closed afterwards. */
    async withClient<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return await use(client);
      } finally {
        await client.end();
      }
    },
    /** Drops it, closing what is still connected (a server that was killed). */
    drop: () => asAdmin(`drop database if exists ${name} with (force)`),
  };
};

export type BenchDatabase = Awaited<ReturnType<typeof createBenchDatabase>>;

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's 128 MB of shared buffers are all touched when PGlite starts (about 135 MiB of the
 * idle server's RSS) and sized for a host of its own; the embedded database shares the process
 * with the whole console, and the OS page cache still holds its files. 32 MB keeps idle RSS
 * ~120 MiB lower at some cost in write-heavy ingest (bench/README.md, "Footprint").
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
];

const run = promisify(execFile);

/**
 * Creates the cluster of an empty PGlite data directory in a child process. PGlite runs initdb in
 * a second database instance of its own whose memory this process would otherwise keep for its
 * whole life (about 140 MiB of RSS, measured); a child returns it to the system when it exits.
 * A directory that already holds a cluster is left alone.
 */
export const initPgliteDataDir = async (dataDir: string): Promise<void> => {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(pglite)}).PGlite.create({ dataDir: process.argv[1] })
    .then((db) => db.close())
    .catch((error) => { console.error(error instanceof Error ? error.message : error); process.exit(1); });`;
  // Without NODE_OPTIONS: a TypeScript loader or inspector meant for the server has no place here.
  const { NODE_OPTIONS: _, ...env } = process.env;
  try {
    await run(process.execPath, ['-e', script, dataDir], { env });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(stderr ? (stderr.split('\n').at(-1) ?? stderr) : String(error), {
      cause: error,
    });
  }
};

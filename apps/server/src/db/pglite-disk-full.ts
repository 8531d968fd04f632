import { statfs } from 'node:fs/promises';

/**
 * Below this much free space in DATA_DIR an upload or the embedded database's next write fails:
 * PGlite zero-fills a whole 16 MB WAL segment before it writes to it.
 */
export const DISK_FREE_MIN_BYTES = 16 * 2 ** 20;

/** SQLSTATE disk_full: "could not extend file … No space left on device" (PGlite, PostgreSQL). */
const DISK_FULL = '53100';
const OUT_OF_SPACE_CODES = new Set<unknown>(['ENOSPC', 'EDQUOT', DISK_FULL]);

/**
 * Whether a failure is a full disk: a file system's ENOSPC or EDQUOT, or a database's disk_full.
 * Drizzle wraps the driver's error in its own, so the cause chain is searched.
 */
export const isOutOfDiskSpace = (error: unknown): boolean => {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (OUT_OF_SPACE_CODES.has((current as { code?: unknown }).code)) return true;
  }
  return false;
};

/** Nothing was stored because the embedded database's disk is full; it recovers on its own. */
export class DiskFullError extends Error {
  readonly code = 'ENOSPC';

  constructor(cause?: unknown) {
    super('The embedded database is out of disk space (DATA_DIR)', { cause });
  }
}

/** Free bytes for this process on `dir`'s file system; null while `dir` does not exist yet. */
export const freeDiskBytes = async (dir: string): Promise<number | null> => {
  const stats = await statfs(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  return stats && stats.bavail * stats.bsize;
};

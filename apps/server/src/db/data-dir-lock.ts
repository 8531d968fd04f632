import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseConnectionError } from './errors';

const lockFile = (dataDir: string) => join(dataDir, 'netfleet.pid');

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The pid of another live process holding DATA_DIR, or null (no lock, a stale one, or our own):
 * the command-line tools check it to refuse before touching a database the server has open.
 */
export const dataDirLockOwner = (dataDir: string): number | null => {
  let owner: number;
  try {
    owner = Number(readFileSync(lockFile(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  return owner && owner !== process.pid && isRunning(owner) ? owner : null;
};

/**
 * PGlite is single-process: two servers on one DATA_DIR would corrupt it. A pid file refuses the
 * second one; a stale file left by a crashed process is taken over.
 */
export const acquireDataDirLock = (dataDir: string): (() => void) => {
  const file = lockFile(dataDir);
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = dataDirLockOwner(dataDir);
    if (owner !== null) {
      throw new DatabaseConnectionError(
        `DATA_DIR=${dataDir} is in use by another netfleet process (pid ${owner}): stop it or set DATA_DIR or DATABASE_URL.`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
};

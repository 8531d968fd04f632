import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseConnectionError } from './errors';

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite is single-process: two servers on one DATA_DIR would corrupt it. A pid file refuses the
 * second one; a stale file left by a crashed process is taken over.
 */
export const acquireDataDirLock = (dataDir: string): (() => void) => {
  const file = join(dataDir, 'netfleet.pid');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(readFileSync(file, 'utf8').trim());
    if (owner && owner !== process.pid && isRunning(owner)) {
      throw new DatabaseConnectionError(
        `DATA_DIR=${dataDir} is in use by another netfleet process (pid ${owner}): stop it or set DATA_DIR or DATABASE_URL.`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
};

import type { Config } from '@/config';
import { createDatabase, DatabaseConnectionError, type DatabaseHandle } from '@/db/client';
import { dataDirLockOwner } from '@/db/data-dir-lock';
import { CliError } from './cli-error';

/**
 * The server's database for a command that writes to it. The embedded one takes one process at a
 * time, so while a server has it open the command refuses instead of corrupting it.
 */
export const openDatabaseFor = async (config: Config, command: string): Promise<DatabaseHandle> => {
  if (!config.databaseUrl) {
    const owner = dataDirLockOwner(config.dataDir);
    if (owner !== null) {
      throw new CliError(
        `netfleet is running on DATA_DIR=${config.dataDir} (pid ${owner}): stop it before netfleet ${command} (the embedded database is used by one process at a time).`,
      );
    }
  }
  try {
    return await createDatabase(config);
  } catch (error) {
    // Also a server that took the lock between the check above and now.
    if (error instanceof DatabaseConnectionError) throw new CliError(error.message);
    throw error;
  }
};

import type { Config } from '@/config';
import type { Output } from './cli-error';
import { pendingMigrations } from './migration-status';
import { openDatabaseFor } from './open-database';

/** Applies what is pending (behind the same lock as the server's start) and says what it was. */
export const runMigrate = async (config: Config, out: Output): Promise<string[]> => {
  const database = await openDatabaseFor(config, 'migrate');
  try {
    const pending = await pendingMigrations(database.db);
    await database.migrate(async () => undefined);
    if (pending.length === 0) out('The database is up to date: no migration to apply.');
    else {
      out(`Applied ${pending.length} migration${pending.length === 1 ? '' : 's'}:`);
      for (const tag of pending) out(`  ${tag}`);
    }
    return pending;
  } finally {
    await database.close();
  }
};

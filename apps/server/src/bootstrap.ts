import type { Redis } from 'ioredis';
import { ConfigError, type Config, loadConfig } from './config';
import {
  createDatabase,
  type CreateDatabaseOptions,
  DatabaseConnectionError,
  type DatabaseHandle,
} from './db/client';
import { seedDatabase, type SeedResult } from './db/seed';
import { connectRedis, RedisConnectionError } from './redis/client';

/**
 * What the server and the command-line tools do first, so they open the same database the same
 * way. Known start-up failures are one line naming the setting to change, then exit 1.
 */
export const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

export const loadConfigOrExit = (env: Record<string, string | undefined>): Config => {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
};

/** Opens PGlite in DATA_DIR or PostgreSQL at DATABASE_URL, migrates and applies the base seed. */
export const openDatabase = async (
  config: Config,
  options: CreateDatabaseOptions = {},
): Promise<{ database: DatabaseHandle; seed: SeedResult }> => {
  let database;
  try {
    database = await createDatabase(config, options);
  } catch (error) {
    if (error instanceof DatabaseConnectionError) return fail(error.message);
    throw error;
  }
  const seed = await database.migrate((db) =>
    seedDatabase(db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword }),
  );
  return { database, seed };
};

/** The Redis client behind shared rate limits when REDIS_URL is set; none otherwise. */
export const openRedis = async (config: Config): Promise<Redis | undefined> => {
  if (!config.redisUrl) return undefined;
  try {
    return await connectRedis(config.redisUrl);
  } catch (error) {
    if (error instanceof RedisConnectionError) return fail(error.message);
    throw error;
  }
};

/** The first start's super admin; a generated password is shown this once and never again. */
export const printCreatedAdmin = (admin: NonNullable<SeedResult['createdAdmin']>) => {
  console.log('First start: created the super admin');
  console.log(`  e-mail:   ${admin.email}`);
  console.log(
    admin.generatedPassword
      ? `  password: ${admin.generatedPassword}   (shown only this once; change it after signing in)`
      : '  password: from NETFLEET_ADMIN_PASSWORD',
  );
};

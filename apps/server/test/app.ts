import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '@/app';
import { type Config, loadConfig } from '@/config';
import { createDatabase, type Database, type DatabaseHandle } from '@/db/client';
import { seedDatabase } from '@/db/seed';
import type { AttemptStore } from '@/modules/identity/auth/login-limiter';
import type { MailTransport } from '@/modules/system/mail/mail.service';
import type { WebhookEvents } from '@/modules/system/webhooks/webhook-events';
import type { Broker } from '@/plugins/broker';

export const TEST_PUBLIC_URL = 'http://console.test';
export const ADMIN_EMAIL = 'admin@netfleet.test';
export const ADMIN_PASSWORD = 'admin-password-1';

export interface TestApp {
  app: App;
  db: Database;
  config: Config;
  /** Another instance on the same database needs the same secret to accept its sessions. */
  jwtSecret: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  now?: () => Date;
  attemptStore?: AttemptStore;
  mailTransport?: MailTransport;
  redis?: Redis;
  webhooks?: WebhookEvents;
  /** Off unless asked for: a polling worker would race tests that send deliveries themselves. */
  deliverWebhooks?: boolean;
  /** Builds the device gateway on it (test/devices.ts starts and closes it). */
  broker?: Broker;
  /** A device gateway double for the jobs module (tests that play the devices). */
  deviceGateway?: BuildAppOptions['deviceGateway'];
  /** The live device channels' emit interval (milliseconds). */
  deviceChangesIntervalMs?: number;
  /** How often sockets' live device channels are checked again (milliseconds). */
  realtimeRecheckMs?: number;
  /** The VPN hub runtime (a recording double in the VPN tests). */
  hubRuntime?: BuildAppOptions['hubRuntime'];
}

/**
 * On PostgreSQL (DATABASE_URL set: the integration tier) every test file gets its own database,
 * created here and dropped in close(), so files never see each other's rows.
 */
const createPostgresDatabase = async (config: Config, serverUrl: string) => {
  const name = `nf_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ ...config, databaseUrl: url.toString() });
  const drop = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  return { handle, drop };
};

export const buildTestApp = async (
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> => {
  const config: Config = {
    ...loadConfig({
      PUBLIC_URL: TEST_PUBLIC_URL,
      WEB_DIST: '/nonexistent-web-dist',
      DATA_DIR: '/nonexistent-data-dir',
      LOG_LEVEL: 'silent',
      // The SMTP sinks of the tests listen on loopback; test/security turns the guard back on.
      SMTP_ALLOW_PRIVATE_NETWORKS: 'true',
    }),
    ...overrides,
  };
  let handle: DatabaseHandle;
  let drop = async () => {};
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    ({ handle, drop } = await createPostgresDatabase(config, serverUrl));
  } else {
    const template = inject('pgliteTemplate');
    handle = await createDatabase(config, {
      memory: true,
      pgliteTemplate: new Blob([readFileSync(template)]),
    });
  }
  const seed = await handle.migrate((db) =>
    seedDatabase(db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD }),
  );
  const app = await buildApp({
    config,
    db: handle.db,
    jwtSecret: seed.jwtSecret,
    logger: false,
    ...(options.now ? { now: options.now } : {}),
    ...(options.attemptStore ? { attemptStore: options.attemptStore } : {}),
    ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
    ...(options.redis ? { redis: options.redis } : {}),
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
    ...(options.deliverWebhooks ? { deliverWebhooks: true } : {}),
    ...(options.broker ? { broker: options.broker } : {}),
    ...(options.deviceGateway ? { deviceGateway: options.deviceGateway } : {}),
    ...(options.deviceChangesIntervalMs
      ? { deviceChangesIntervalMs: options.deviceChangesIntervalMs }
      : {}),
    ...(options.realtimeRecheckMs ? { realtimeRecheckMs: options.realtimeRecheckMs } : {}),
    ...(options.hubRuntime ? { hubRuntime: options.hubRuntime } : {}),
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    jwtSecret: seed.jwtSecret,
    async close() {
      await app.close();
      await handle.close();
      await drop();
    },
  };
};

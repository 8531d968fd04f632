import type { AccessProtocol, SessionType } from '@netfleet/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { companies } from './companies';
import { devices } from './devices';
import { users } from './users';

/**
 * An access rule (RMS "remote access"): a host and port on a device or its LAN that users may open
 * a session to. `company_id` is the device's company when the rule was written; visibility always
 * follows the device's current company, so a moved device takes its rules along.
 */
export const remoteAccessRules = pgTable(
  'remote_access_rules',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    destinationIp: varchar('destination_ip', { length: 15 }).notNull(),
    destinationPort: integer('destination_port').notNull(),
    protocol: varchar('protocol', { length: 16 }).$type<AccessProtocol>().notNull(),
    credentialsRequired: boolean('credentials_required').notNull().default(false),
    /** User ids the rule is shared with besides the company's managers. */
    sharedWith: integer('shared_with')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('remote_access_rules_device_id_idx').on(t.deviceId)],
);

/**
 * One link to one target, bound to the user who opened it. The web UI proxy finds it by its
 * `host_token` (the session's own origin) and lets a browser in once with the launch code, whose
 * sha256 alone is kept. The rows stay after the session ends: they are the access history.
 */
export const remoteSessions = pgTable(
  'remote_sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    type: varchar('type', { length: 16 }).$type<SessionType>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    accessId: integer('access_id').references(() => remoteAccessRules.id, {
      onDelete: 'set null',
    }),
    protocol: varchar('protocol', { length: 16 }).$type<AccessProtocol>().notNull(),
    destinationIp: varchar('destination_ip', { length: 15 }).notNull(),
    destinationPort: integer('destination_port').notNull(),
    /** 32 lowercase hex characters: the first label of the session's web UI origin. */
    hostToken: varchar('host_token', { length: 32 }).notNull(),
    launchCodeHash: text('launch_code_hash'),
    launchCodeExpiresAt: timestamptz('launch_code_expires_at'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    endedAt: timestamptz('ended_at'),
    endReason: text('end_reason'),
    usedAt: timestamptz('used_at'),
    clientIp: varchar('client_ip', { length: 64 }),
    inputBytes: bigint('input_bytes', { mode: 'number' }).notNull().default(0),
    outputBytes: bigint('output_bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('remote_sessions_host_token_unique').on(t.hostToken),
    // The access history: a company's sessions by start time.
    index('remote_sessions_company_id_created_at_idx').on(t.companyId, t.createdAt),
    index('remote_sessions_device_id_idx').on(t.deviceId),
    index('remote_sessions_access_id_idx').on(t.accessId),
  ],
);

/**
 * A user's own login for a device's SSH/telnet, kept at their request. `secret` is AES-256-GCM
 * ciphertext (lib/crypto.ts) of `{password?, private_key?, passphrase?}`, never answered back.
 */
export const deviceCredentials = pgTable(
  'device_credentials',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    username: varchar('username', { length: 64 }).notNull(),
    secret: text('secret').notNull(),
    auth: varchar('auth', { length: 16 }).$type<'password' | 'key'>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] })],
);

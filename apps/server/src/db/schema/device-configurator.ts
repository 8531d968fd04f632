import type { ConfigActionKind, ConfigRequest } from '@netfleet/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { companies } from './companies';
import { deviceJobs, devices } from './devices';
import { users } from './users';

/** A configuration template (RMS multi configuration template) of a company. */
export const configTemplates = pgTable(
  'config_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    version: varchar('version', { length: 16 }).notNull(),
    requests: jsonb('requests').$type<ConfigRequest[]>().notNull(),
    deviceModel: varchar('device_model', { length: 32 }),
    firmware: varchar('firmware', { length: 64 }),
    minFirmware: varchar('min_firmware', { length: 64 }),
    maxFirmware: varchar('max_firmware', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('config_templates_company_name_version_unique').on(
      t.companyId,
      sql`lower(${t.name})`,
      t.version,
    ),
  ],
);

/**
 * One configure call, template use, rollback or read: the requests every device got (as one
 * `config_set` or `config_get` job each). Its name is the RMS `action_name` of its logs.
 */
export const configActions = pgTable(
  'config_actions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: varchar('name', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<ConfigActionKind>().notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    templateId: integer('template_id').references(() => configTemplates.id, {
      onDelete: 'set null',
    }),
    /** The template's name as it was used (the template may be renamed or removed later). */
    templateName: varchar('template_name', { length: 255 }),
    rollbackOf: integer('rollback_of'),
    /** Requests shared by every device (configure may send each device its own: see devices). */
    requests: jsonb('requests').$type<ConfigRequest[]>().notNull(),
    channel: text('channel'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('config_actions_name_unique').on(t.name),
    index('config_actions_company_idx').on(t.companyId, t.id),
  ],
);

/** A device of an action and its job: the job's state and result are the device's answer. */
export const configActionDevices = pgTable(
  'config_action_devices',
  {
    actionId: integer('action_id')
      .notNull()
      .references(() => configActions.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    jobId: bigint('job_id', { mode: 'number' }).references(() => deviceJobs.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.actionId, t.deviceId] }),
    index('config_action_devices_device_idx').on(t.deviceId, t.actionId),
  ],
);

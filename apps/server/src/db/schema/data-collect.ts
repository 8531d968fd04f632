import type { DataCollectEndpoint } from '@netfleet/contracts';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { companies } from './companies';
import { devices } from './devices';
import { users } from './users';

/** A data-collect config (RMS): which local API endpoints a device reads, and what from each. */
export const dataCollectConfigs = pgTable(
  'data_collect_configs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    description: varchar('description', { length: 255 }),
    apiSystem: varchar('api_system', { length: 16 }),
    apiVersion: varchar('api_version', { length: 255 }).notNull(),
    documentationId: integer('documentation_id').notNull(),
    /** The default period of new assignments, in seconds. */
    period: integer('period').notNull(),
    enabled: boolean('enabled').notNull(),
    endpoints: jsonb('endpoints').$type<DataCollectEndpoint[]>().notNull(),
    /** Whose webhooks (subscribed to data_collect.collected) receive what devices collect. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Raised on every change, so a device's log can say which version it collected. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('data_collect_configs_company_idx').on(t.companyId)],
);

/** A device collecting a config, at its own period. */
export const dataCollectAssignments = pgTable(
  'data_collect_assignments',
  {
    configId: integer('config_id')
      .notNull()
      .references(() => dataCollectConfigs.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    period: integer('period').notNull(),
    enabled: boolean('enabled').notNull(),
    /** When the device last sent this config's data. */
    lastCollectedAt: timestamptz('last_collected_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.configId, t.deviceId] }),
    index('data_collect_assignments_device_idx').on(t.deviceId),
  ],
);

/** One run of a config on a device: url → variable → value. */
export const dataCollectValues = pgTable(
  'data_collect_values',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    configId: integer('config_id')
      .notNull()
      .references(() => dataCollectConfigs.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, Record<string, unknown>>>().notNull(),
    collectedAt: timestamptz('collected_at').notNull(),
  },
  (t) => [
    index('data_collect_values_device_idx').on(t.deviceId, t.collectedAt),
    index('data_collect_values_config_idx').on(t.configId, t.deviceId, t.collectedAt),
  ],
);

/** What went wrong in a run, as the device worded it. */
export const dataCollectLogs = pgTable(
  'data_collect_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    configId: integer('config_id')
      .notNull()
      .references(() => dataCollectConfigs.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<string[]>().notNull(),
    collectedAt: timestamptz('collected_at').notNull(),
  },
  (t) => [
    index('data_collect_logs_config_idx').on(t.configId, t.collectedAt),
    index('data_collect_logs_device_idx').on(t.deviceId, t.collectedAt),
  ],
);

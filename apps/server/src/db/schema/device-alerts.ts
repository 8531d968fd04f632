import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { companies } from './companies';
import { devices } from './devices';
import { emailConfigurations } from './smtp';
import { users } from './users';

/**
 * A device-side alert configuration (RMS "alerts configurations"): the device evaluates it and
 * reports events on its `al` topic; the server turns them into alert history and actions.
 */
export const deviceAlertConfigs = pgTable(
  'device_alert_configs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Who made it: in-app alerts go to this user. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    alertTypeId: smallint('alert_type_id').notNull(),
    alertSubtypeId: smallint('alert_subtype_id').notNull(),
    /** 1 e-mail and in-app, 2 SMS (refused: no SMS gateway), 3 in-app only; null for 11 and 12. */
    action: smallint('action'),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull().default(''),
    emailTo: varchar('email_to', { length: 255 }),
    smtpConfigId: integer('smtp_config_id').references(() => emailConfigurations.id, {
      onDelete: 'set null',
    }),
    enable: boolean('enable').notNull().default(true),
    redundancyEnable: boolean('redundancy_enable').notNull().default(false),
    /** Minutes between two alerts of the same config. */
    redundancyInterval: integer('redundancy_interval'),
    deliveryRetry: boolean('delivery_retry').notNull().default(false),
    /** Minutes. */
    retryInterval: integer('retry_interval'),
    retryCount: integer('retry_count'),
    dataLimit: integer('data_limit'),
    sim: smallint('sim'),
    period: varchar('period', { length: 5 }),
    starts: integer('starts'),
    phone: varchar('phone', { length: 32 }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Metres. */
    radius: doublePrecision('radius'),
    type: varchar('type', { length: 16 }).notNull().default('web'),
    /** The version of the device's whole set this config was last sent in. */
    setVersion: integer('set_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('device_alert_configs_device_idx').on(t.deviceId),
    index('device_alert_configs_company_idx').on(t.companyId),
  ],
);

/** RMS POST /alerts/token: a push token a user registers for alerts. */
export const alertTokens = pgTable(
  'alert_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: varchar('token', { length: 512 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('alert_tokens_user_token_idx').on(t.userId, t.token)],
);

/**
 * A silence or maintenance window: while it lasts, matching alerts are still evaluated and logged
 * but their actions are skipped. Empty id lists match everything of the company.
 */
export const alertSilences = pgTable(
  'alert_silences',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 255 }).notNull(),
    automationIds: integer('automation_ids').array().notNull().default([]),
    deviceIds: integer('device_ids').array().notNull().default([]),
    tagIds: integer('tag_ids').array().notNull().default([]),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    /** A repeating window: cron in the time zone, each lasting duration_seconds; null: once. */
    recurrence: jsonb('recurrence').$type<{
      cron: string;
      time_zone: string;
      duration_seconds: number;
    }>(),
    /** When it ends, alerts still open that fired during it notify once. */
    notifyAfter: boolean('notify_after').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('alert_silences_company_idx').on(t.companyId, t.endsAt)],
);

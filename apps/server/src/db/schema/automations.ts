import type { ConditionsBody } from '@netfleet/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { companies } from './companies';
import { deviceAlertConfigs } from './device-alerts';
import { devices } from './devices';
import { users } from './users';

/** An alert rule (RMS "automation"): conditions on a device's readings and what to do when they hold. */
export const automations = pgTable(
  'automations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The owner: actions run with this user's permissions. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    cooldownEnabled: boolean('cooldown_enabled').notNull().default(false),
    /** Seconds. */
    cooldownDuration: integer('cooldown_duration').notNull().default(0),
    delayEnabled: boolean('delay_enabled').notNull().default(false),
    /** Seconds. */
    delayDuration: integer('delay_duration').notNull().default(0),
    delayRepetitionsCount: integer('delay_repetitions_count').notNull().default(0),
    /** Fires per device per UTC day; null: no limit. */
    periodTriggerLimit: integer('period_trigger_limit'),
    /** Seconds between notifications while an alert stays open; 0: never again. */
    renotifyInterval: integer('renotify_interval').notNull().default(0),
    conditionsBody: jsonb('conditions_body').$type<ConditionsBody>().notNull(),
    /** Which readings the rule reads (telemetry category or `events`), derived on save. */
    dataGroup: varchar('data_group', { length: 16 }).notNull(),
    automationVersion: integer('automation_version').notNull().default(1),
    conditionsBodyVersion: integer('conditions_body_version').notNull().default(1),
    totalTriggeredCount: bigint('total_triggered_count', { mode: 'number' }).notNull().default(0),
    periodTriggeredCount: integer('period_triggered_count').notNull().default(0),
    periodLatestReset: timestamptz('period_latest_reset').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('automations_company_idx').on(t.companyId, t.id)],
);

/** Each conditions body a rule had, so a log shows the rule as it was evaluated. */
export const automationRevisions = pgTable(
  'automation_revisions',
  {
    automationId: integer('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    conditionsBody: jsonb('conditions_body').$type<ConditionsBody>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.automationId, t.version] })],
);

/** AUTOMATION_SCOPE_KINDS: tags and companies whose devices a rule covers. */
export const automationScopes = pgTable(
  'automation_scopes',
  {
    automationId: integer('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    /** 2 tag, 3 company (with its subtree). */
    kind: smallint('kind').notNull(),
    targetId: integer('target_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.automationId, t.kind, t.targetId] }),
    index('automation_scopes_target_idx').on(t.kind, t.targetId),
  ],
);

/**
 * A device of a rule: assigned explicitly (RMS assign) or only carrying its per-device switch and
 * counters for a device the scope covers.
 */
export const automationDevices = pgTable(
  'automation_devices',
  {
    automationId: integer('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    assigned: boolean('assigned').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    totalTriggeredCount: integer('total_triggered_count').notNull().default(0),
    periodTriggeredCount: integer('period_triggered_count').notNull().default(0),
    periodLatestReset: timestamptz('period_latest_reset'),
    lastTriggeredAt: timestamptz('last_triggered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.automationId, t.deviceId] }),
    index('automation_devices_device_idx').on(t.deviceId),
  ],
);

/** An open alert: one per device per rule while its condition holds. */
export const automationAlerts = pgTable(
  'automation_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    automationId: integer('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    firedEventId: bigint('fired_event_id', { mode: 'number' }),
    firedAt: timestamptz('fired_at').notNull(),
    lastNotifiedAt: timestamptz('last_notified_at'),
    notifyCount: integer('notify_count').notNull().default(1),
    firedValues: jsonb('fired_values').$type<Record<string, number | string | null>>().notNull(),
  },
  (t) => [
    uniqueIndex('automation_alerts_pair_idx').on(t.automationId, t.deviceId),
    index('automation_alerts_device_idx').on(t.deviceId),
  ],
);

/**
 * The checkpoint of rules waiting out a delay ("for at least N minutes"), so that a restart keeps
 * their clocks (design §4.4). Rewritten by the evaluating instance every 30 s and at its stop.
 */
export const automationPending = pgTable(
  'automation_pending',
  {
    automationId: integer('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    since: timestamptz('since').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.automationId, t.deviceId] }),
    index('automation_pending_device_idx').on(t.deviceId),
  ],
);

/** Alert history: every fire, resolve, renotify and event of a rule (RMS automation logs). */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    evaluationId: varchar('evaluation_id', { length: 32 }).notNull(),
    /** automation | device */
    source: varchar('source', { length: 12 }).notNull(),
    /** fired | resolved | renotify | event */
    kind: varchar('kind', { length: 12 }).notNull(),
    automationId: integer('automation_id').references(() => automations.id, {
      onDelete: 'set null',
    }),
    /** A device-side event: the config it came from and its RMS alert type (source device). */
    alertsConfigId: integer('alerts_config_id').references(() => deviceAlertConfigs.id, {
      onDelete: 'set null',
    }),
    alertTypeId: smallint('alert_type_id'),
    alertSubtypeId: smallint('alert_subtype_id'),
    /** The conditions_body_version it was evaluated with (automation_revisions). */
    revision: integer('revision'),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    evaluatedParameters: jsonb('evaluated_parameters')
      .$type<{ key: string; value: number | string | null }[]>()
      .notNull(),
    evaluatedConditions: jsonb('evaluated_conditions')
      .$type<{ key: string; value: boolean }[]>()
      .notNull(),
    message: text('message').notNull(),
    /** When the reading that caused it was taken. */
    readingTs: timestamptz('reading_ts').notNull(),
    reason: text('reason'),
    /** Evaluated during a silence: its actions were skipped. */
    silenced: boolean('silenced').notNull().default(false),
    /** pending | success | failed | partial | skipped */
    overallStatus: varchar('overall_status', { length: 12 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('alert_events_automation_idx').on(t.automationId, t.id),
    index('alert_events_device_idx').on(t.deviceId, t.id),
    index('alert_events_company_idx').on(t.companyId, t.id),
    index('alert_events_evaluation_idx').on(t.evaluationId),
  ],
);

/** The actions an event runs: an outbox the action runner works through, and their log. */
export const alertActions = pgTable(
  'alert_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => alertEvents.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 32 }).notNull(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull(),
    /** pending | running | done | failed | skipped */
    status: varchar('status', { length: 12 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When a pending action is due, or a running one's lease ends. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** What the action made: notification ids, a job id, a run id, a webhook delivery. */
    ref: jsonb('ref').$type<Record<string, unknown>>(),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('alert_actions_event_idx').on(t.eventId),
    index('alert_actions_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'running')`),
  ],
);

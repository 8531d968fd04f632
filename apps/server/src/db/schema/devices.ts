import type { DeviceCapabilities, DeviceSeries, FileType } from '@netfleet/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
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
import { tags } from './tags';
import { users } from './users';

/** Monitoring period columns (seconds, 0 = off), one per spec §9 category. */
const monitoringPeriods = {
  dynamicMonitoring: integer('dynamic_monitoring').notNull().default(300),
  staticMonitoring: integer('static_monitoring').notNull().default(1_296_000),
  hotspotMonitoring: integer('hotspot_monitoring').notNull().default(300),
  gpsMonitoring: integer('gps_monitoring').notNull().default(300),
  ioMonitoring: integer('io_monitoring').notNull().default(300),
  wirelessMonitoring: integer('wireless_monitoring').notNull().default(300),
  ddnsMonitoring: integer('ddns_monitoring').notNull().default(300),
  vpnMonitoring: integer('vpn_monitoring').notNull().default(300),
};

/**
 * The latest reading of the fields the fleet table filters and sorts by, copied from telemetry in
 * batches by the gateway so that GET /devices never touches the telemetry tables.
 */
const latestReading = {
  signal: smallint('signal'),
  signal2: smallint('signal_2'),
  operator: varchar('operator', { length: 64 }),
  operator2: varchar('operator_2', { length: 64 }),
  networkState: varchar('network_state', { length: 64 }),
  networkState2: varchar('network_state_2', { length: 64 }),
  connectionType: varchar('connection_type', { length: 64 }),
  connectionType2: varchar('connection_type_2', { length: 64 }),
  modemModel: varchar('modem_model', { length: 64 }),
  modemModel2: varchar('modem_model_2', { length: 64 }),
  modemManufacturer: varchar('modem_manufacturer', { length: 64 }),
  modemManufacturer2: varchar('modem_manufacturer_2', { length: 64 }),
  modemFirmware: varchar('modem_firmware', { length: 64 }),
  modemFirmware2: varchar('modem_firmware_2', { length: 64 }),
  wanState: varchar('wan_state', { length: 64 }),
  wanIp: varchar('wan_ip', { length: 64 }),
  /** Deci-degrees Celsius (RMS). */
  temperature: smallint('temperature'),
  uptime: integer('uptime'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /** The last dynamic/static/io/... reading per category, as the device sent it. */
  info: jsonb('info').$type<Record<string, unknown>>().notNull().default({}),
  informationUpdatedAt: timestamptz('information_updated_at'),
};

/**
 * A device of a company. It is added with serial + MAC (or IMEI) and gets a one-time claim secret;
 * it enrols over MQTT with both and receives its own credential (only its hash is kept).
 */
export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description').notNull().default(''),
    serial: varchar('serial', { length: 32 }).notNull(),
    mac: varchar('mac', { length: 17 }),
    imei: varchar('imei', { length: 15 }),
    deviceSeries: varchar('device_series', { length: 8 }).$type<DeviceSeries>().notNull(),
    /** Null until the device announces itself. */
    model: varchar('model', { length: 16 }),
    firmware: varchar('firmware', { length: 64 }),
    capabilities: jsonb('capabilities').$type<DeviceCapabilities>(),
    /** 0 offline, 1 online, 2 pending (added, not enrolled), 3 not activated (spec §4). */
    status: smallint('status').notNull().default(2),
    claimSecretHash: text('claim_secret_hash'),
    credentialHash: text('credential_hash'),
    enrolledAt: timestamptz('enrolled_at'),
    lastConnectionAt: timestamptz('last_connection_at'),
    lastSeenAt: timestamptz('last_seen_at'),
    userSetLatitude: doublePrecision('user_set_latitude'),
    userSetLongitude: doublePrecision('user_set_longitude'),
    ...monitoringPeriods,
    ...latestReading,
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One enrolled device per serial; pending claims of the same serial may coexist in
    // different companies so adding a device is no oracle for who owns a serial.
    uniqueIndex('devices_serial_enrolled_unique')
      .on(t.serial)
      .where(sql`${t.credentialHash} is not null`),
    uniqueIndex('devices_company_serial_unique').on(t.companyId, t.serial),
    index('devices_company_id_idx').on(t.companyId, t.id),
    index('devices_status_idx').on(t.status),
    // (column, id) pairs serve the fleet table's common sorts in both directions (the id
    // tie-breaker follows the sort), so a page at 100k devices reads 25 index entries, not a sort.
    // Signal is there for "worst signal first"; the gateway rewrites the latest readings at most
    // every 15 s per device, so its index costs little. Operator and the other readings are
    // filters over few distinct values and are left to the sequential scan.
    index('devices_model_id_idx').on(t.model, t.id),
    index('devices_signal_id_idx').on(t.signal, t.id),
    index('devices_name_id_idx').on(t.name, t.id),
    index('devices_last_connection_at_id_idx').on(t.lastConnectionAt, t.id),
    index('devices_serial_idx').on(t.serial),
  ],
);

/**
 * The identifiers `q` searches by default, kept apart from the devices row by triggers (migration
 * 0014) so that the rewrites of a device's status and readings do not maintain trigram indexes.
 * Trigram GIN indexes (pg_trgm, migration 0009) serve `q`, a case-insensitive substring search:
 * ILIKE '%…%' over 100k devices reads the matches instead of every row. On the devices row they
 * made each status or reading rewrite 3–4 times as costly (~0.2 ms instead of ~0.05 ms per row on
 * the embedded database), and a fleet back from a reboot rewrites 10k rows twice. fastupdate off:
 * PGlite runs no autovacuum, so GIN's pending list would grow to 4 MB per index and every search
 * would scan it (a MAC search at 100k devices: 245 ms instead of 15 ms). The MAC is kept as its hex
 * digits: see macSearch in modules/fleet/devices/device-search.ts.
 */
export const deviceSearch = pgTable(
  'device_search',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    serial: text('serial').notNull(),
    macHex: text('mac_hex'),
    imei: text('imei'),
  },
  (t) => [
    index('device_search_name_trgm_idx')
      .using('gin', sql`${t.name} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('device_search_serial_trgm_idx')
      .using('gin', sql`${t.serial} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('device_search_mac_hex_trgm_idx')
      .using('gin', sql`${t.macHex} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('device_search_imei_trgm_idx')
      .using('gin', sql`${t.imei} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export const deviceTags = pgTable(
  'device_tags',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.tagId] }),
    index('device_tags_tag_id_idx').on(t.tagId),
  ],
);

/** Device connection log (spec §8 codes); RMS GET /devices/{id}/logs. */
export const deviceLogs = pgTable(
  'device_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    code: smallint('code').notNull(),
    reason: text('reason'),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('device_logs_device_id_idx').on(t.deviceId, t.id),
    // The logs lists page by id (the primary key), but the statistics' "connected devices" count
    // a date range of this table, which is never pruned: without an index that range read every
    // log row ever written. Rows arrive in time order, so the index only ever grows at its end.
    index('device_logs_created_at_idx').on(t.createdAt),
  ],
);

/** Bytes per device, day, modem and SIM slot, summed from the deltas of dynamic telemetry. */
export const deviceDataUsage = pgTable(
  'device_data_usage',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    modem: smallint('modem').notNull(),
    /** 1, 2, or 3 for the eSIM. */
    sim: smallint('sim').notNull(),
    rx: bigint('rx', { mode: 'number' }).notNull().default(0),
    tx: bigint('tx', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day, t.modem, t.sim] })],
);

export const DEVICE_JOB_STATUSES = [
  'queued',
  'sent',
  'running',
  'completed',
  'failed',
  'cancelled',
  'timeout',
] as const;
export type DeviceJobStatus = (typeof DEVICE_JOB_STATUSES)[number];

/**
 * A command for one device: durable, so it survives a server restart, waits for an offline
 * device until it reconnects or expires, and reports to its status channel.
 */
export const deviceJobs = pgTable(
  'device_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel'),
    type: varchar('type', { length: 32 }).notNull(),
    args: jsonb('args').$type<Record<string, unknown>>().notNull().default({}),
    status: varchar('status', { length: 16 }).$type<DeviceJobStatus>().notNull().default('queued'),
    progress: jsonb('progress').$type<{ value: number; total: number }>(),
    message: text('message'),
    result: text('result'),
    expiresAt: timestamptz('expires_at').notNull(),
    sentAt: timestamptz('sent_at'),
    finishedAt: timestamptz('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('device_jobs_device_id_status_idx').on(t.deviceId, t.status),
    index('device_jobs_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('queued', 'sent', 'running')`),
  ],
);

/** Monitoring templates: periods per parameter, applied to devices with PUT /devices/monitoring. */
export const monitoringTemplates = pgTable(
  'monitoring_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description').notNull().default(''),
    /** `[{key, period, enabled}]` for the spec §9 entries. */
    parameters: jsonb('parameters')
      .$type<{ key: string; period: number; enabled: boolean }[]>()
      .notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('monitoring_templates_company_name_unique').on(t.companyId, sql`lower(${t.name})`),
  ],
);

/** Uploaded firmware and configuration files (POST /files), stored under DATA_DIR/files. */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).$type<FileType>().notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description').notNull().default(''),
    deviceModel: varchar('device_model', { length: 16 }),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A backup's device (the file outlives it). */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    /** The `backup_export` job that uploaded it: one upload per job. */
    sourceJobId: bigint('source_job_id', { mode: 'number' }).references(() => deviceJobs.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_company_id_idx').on(t.companyId),
    uniqueIndex('files_source_job_unique').on(t.sourceJobId),
  ],
);

/** Online device counts per company, sampled by the gateway (GET /statistics/devices/online). */
export const deviceOnlineSamples = pgTable(
  'device_online_samples',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    at: timestamptz('at').notNull(),
    online: integer('online').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.at] })],
);

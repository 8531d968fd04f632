import { integer, json, pgTable, smallint } from 'drizzle-orm/pg-core';
import { timestamptz } from './schema/columns';

/**
 * Telemetry readings, range-partitioned by day on `ts` (migration 0006, written by hand because
 * drizzle-kit cannot declare partitions; it is deliberately outside schema/ so drizzle-kit never
 * tries to create it as a plain table). Partitions are created ahead and dropped past retention by
 * the gateway's maintenance timer. No foreign key: a partitioned insert stays cheap, and rows of a
 * deleted device age out with their partition.
 */
export const deviceTelemetry = pgTable('device_telemetry', {
  deviceId: integer('device_id').notNull(),
  /** config_id of spec §9: 0 dynamic, 1 static, 2 hotspot, 3 gps, 4 io, 5 wireless, 6 ddns, 7 vpn. */
  category: smallint('category').notNull(),
  ts: timestamptz('ts').notNull(),
  receivedAt: timestamptz('received_at').notNull(),
  /** Set by the database when the batch is written; stored_at - ts is the ingest latency. */
  storedAt: timestamptz('stored_at').notNull().defaultNow(),
  data: json('data').$type<Record<string, unknown>>().notNull(),
});

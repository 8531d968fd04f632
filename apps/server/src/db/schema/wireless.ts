import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { devices } from './devices';

/**
 * The latest Wi-Fi interfaces and hotspots each device reported, one row per interface, written by
 * the gateway at each flush (upserted, stale ones removed). The lists of /management/wifi and
 * /management/hotspots page over these small rows instead of expanding every device's `info`.
 */
export const deviceWireless = pgTable(
  'device_wireless',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** config_id of spec §9: 2 hotspot, 5 wireless. */
    category: smallint('category').notNull(),
    /** A Wi-Fi interface's position in the reading; a hotspot's own index. */
    idx: smallint('idx').notNull(),
    ssid: varchar('ssid', { length: 64 }).notNull(),
    /** Wi-Fi only: 2.4GHz or 5GHz, channel, whether the interface is on. */
    band: varchar('band', { length: 8 }),
    channel: smallint('channel'),
    enabled: boolean('enabled'),
    /** Connected Wi-Fi clients, or a hotspot's active users. */
    clients: integer('clients').notNull(),
    /**
     * Bytes received and sent: a hotspot's of the reading's period, a Wi-Fi interface's since it
     * came up (its counters); null when the reading carries none.
     */
    rx: bigint('rx', { mode: 'number' }),
    tx: bigint('tx', { mode: 'number' }),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.category, t.idx] }),
    index('device_wireless_category_ssid_idx').on(t.category, t.ssid),
    // `q` on the Wi-Fi and hotspot lists is a substring search over the SSID and the device's
    // name and serial (devices has trigram indexes for those): without this one every search
    // read all 150k rows of a 100k fleet. fastupdate off for PGlite, as on devices (schema
    // comment there). A reading that keeps the SSID can be an in-place (HOT) update, which
    // leaves this index alone.
    index('device_wireless_ssid_trgm_idx')
      .using('gin', sql`${t.ssid} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

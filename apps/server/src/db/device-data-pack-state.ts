import { sql, type SQL } from 'drizzle-orm';
import { deviceDataPacks, deviceDataUsage } from './schema';

const instantOf = (at?: Date) => (at ? sql`${at.toISOString()}::timestamptz` : sql`now()`);

/**
 * Bytes of a device_data_packs row not used yet, at least 0: the pack's bytes less the device's
 * mobile data (device_data_usage, every modem and SIM) since it was set. Usage is kept per UTC day,
 * so the whole day the pack was set on counts: a pack never shows more than is left.
 */
export const dataPackRemaining =
  (): SQL<number> => sql<number>`cast(greatest(${deviceDataPacks.bytesTotal}
  - coalesce((select sum(${deviceDataUsage.rx} + ${deviceDataUsage.tx}) from ${deviceDataUsage}
      where ${deviceDataUsage.deviceId} = ${deviceDataPacks.deviceId}
        and ${deviceDataUsage.day} >= (${deviceDataPacks.activatedAt} at time zone 'UTC')::date), 0),
  0) as bigint)`;

/** Whether a device_data_packs row runs at `at` (the database's clock without it). */
export const dataPackRunning = (at?: Date): SQL =>
  sql`(${deviceDataPacks.expiresAt} > ${instantOf(at)})`;

/** A running pack with data left: the device needs no other until it expires or runs out. */
export const dataPackInUse = (at?: Date): SQL =>
  sql`(${dataPackRunning(at)} and ${dataPackRemaining()} > 0)`;

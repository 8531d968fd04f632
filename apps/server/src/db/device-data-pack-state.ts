import { sql, type SQL } from 'drizzle-orm';
import { deviceDataPacks, deviceDataUsage } from './schema';

const instantOf = (at?: Date) => (at ? sql`${at.toISOString()}::timestamptz` : sql`now()`);

/**
 * The device's mobile data (device_data_usage, every modem and SIM) from the UTC day of `since` on.
 * Usage is kept per UTC day, so the whole of that day counts.
 */
export const dataUsedSinceDay = (deviceId: SQL | number, since: SQL): SQL<number> =>
  sql<number>`coalesce((select sum(${deviceDataUsage.rx} + ${deviceDataUsage.tx}) from ${deviceDataUsage}
      where ${deviceDataUsage.deviceId} = ${deviceId}
        and ${deviceDataUsage.day} >= (${since} at time zone 'UTC')::date), 0)`;

/**
 * What a pack set on `deviceId` at `at` starts from (its `usage_baseline`): the usage already
 * counted for that UTC day, which belongs to what the device had before.
 */
export const dataPackBaseline = (deviceId: number, at: Date): SQL<number> =>
  sql<number>`cast(${dataUsedSinceDay(deviceId, instantOf(at))} as bigint)`;

/**
 * Bytes of a device_data_packs row not used yet, at least 0: the pack's bytes less the device's
 * mobile data since the UTC day it was set, less what that day had counted when it was set
 * (`usage_baseline`).
 */
export const dataPackRemaining =
  (): SQL<number> => sql<number>`cast(greatest(${deviceDataPacks.bytesTotal}
  - (${dataUsedSinceDay(sql`${deviceDataPacks.deviceId}`, sql`${deviceDataPacks.activatedAt}`)}
    - ${deviceDataPacks.usageBaseline}),
  0) as bigint)`;

/** Whether a device_data_packs row runs at `at` (the database's clock without it). */
export const dataPackRunning = (at?: Date): SQL =>
  sql`(${deviceDataPacks.expiresAt} > ${instantOf(at)})`;

/** A running pack with data left: the device needs no other until it expires or runs out. */
export const dataPackInUse = (at?: Date): SQL =>
  sql`(${dataPackRunning(at)} and ${dataPackRemaining()} > 0)`;

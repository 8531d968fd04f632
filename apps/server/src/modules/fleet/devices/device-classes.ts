import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { deviceJobs, type DeviceJobStatus, devices } from '@/db/schema';

/** The RMS connection class of a reported connection type (LTE → 4g, 5G-NSA → 5g, ...). */
export const connectionClassOf = (column: AnyColumn): SQL<string> => sql<string>`(case
  when ${column} is null then 'unknown'
  when upper(${column}) like '5G%' or upper(${column}) like 'NR%' then '5g'
  when upper(${column}) like 'LTE%' or upper(${column}) like '4G%' or upper(${column}) in ('CAT-M1', 'NB-IOT') then '4g'
  when upper(${column}) like '3G%' or upper(${column}) in ('UMTS', 'WCDMA', 'HSPA', 'HSPA+', 'HSDPA', 'HSUPA', 'HSDPA+HSUPA', 'CDMA', 'EVDO', 'TD-SCDMA') then '3g'
  when upper(${column}) like '2G%' or upper(${column}) in ('GSM', 'GPRS', 'EDGE') then '2g'
  else 'unknown' end)`;

/** home (registered at home), roaming, or unknown (searching, denied, no reading). */
export const networkClassOf = (column: AnyColumn): SQL<string> => sql<string>`(case
  when lower(${column}) like '%roaming%' then 'roaming'
  when lower(${column}) in ('home', 'registered') or lower(${column}) like '%home%' then 'home'
  else 'unknown' end)`;

/** mobile, wifi, wired, or unknown (down, no reading). */
export const wanClassOf = (column: AnyColumn): SQL<string> => sql<string>`(case
  when lower(${column}) in ('mobile', 'wifi', 'wired') then lower(${column})
  else 'unknown' end)`;

/** Monitored: at least one category has a period (0 is off). */
export const monitoredCondition = sql`greatest(${devices.dynamicMonitoring}, ${devices.staticMonitoring}, ${devices.hotspotMonitoring}, ${devices.gpsMonitoring}, ${devices.ioMonitoring}, ${devices.wirelessMonitoring}, ${devices.ddnsMonitoring}, ${devices.vpnMonitoring}) > 0`;

const OPEN_JOB: DeviceJobStatus[] = ['queued', 'sent', 'running'];
/** Job types of each pending task class: a backup restore rewrites the configuration too. */
export const TASK_JOB_TYPES: Record<string, string[]> = {
  pending_firmware: ['firmware_update'],
  pending_configuration: ['config_set', 'backup_restore'],
};
export const pendingJob = (types: string[]): SQL =>
  types.length
    ? sql`exists (select 1 from ${deviceJobs} where ${deviceJobs.deviceId} = ${devices.id} and ${inArray(deviceJobs.status, OPEN_JOB)} and ${inArray(deviceJobs.type, types)})`
    : sql`false`;

/** The pending task class of a device, as GET /devices/statistics counts it. */
export const taskClassOf = (): SQL<string> =>
  sql<string>`(case when ${pendingJob(TASK_JOB_TYPES.pending_firmware ?? [])} then 'pending_firmware' when ${pendingJob(TASK_JOB_TYPES.pending_configuration ?? [])} then 'pending_configuration' else 'no_pending_task' end)`;

import {
  type AlertConfig,
  type AlertConfigListItem,
  type AlertsConfigArgs,
  type DeviceAlert,
  type DeviceAlertConfig,
  type DeviceAlertDetail,
  DEVICE_ALERT_TYPES,
  deviceAlertSubtypeOf,
  deviceAlertTypeOf,
  type DataLimitPeriod,
  toApiDate,
  AUTOMATION_LOG_KINDS,
  type AutomationLogKind,
  DEVICE_ALERT_SOURCES,
  type DeviceAlertSource,
} from '@netfleet/contracts';
import type { AlertHistoryRow } from './alert-history.repository';
import type { DeviceAlertConfigRow } from './device-alerts.repository';

const typeName = (typeId: number | null) =>
  typeId === null ? null : (deviceAlertTypeOf(typeId)?.name ?? null);
const subtypeName = (typeId: number | null, subtypeId: number | null) =>
  typeId === null || subtypeId === null
    ? null
    : (deviceAlertSubtypeOf(typeId, subtypeId)?.name ?? null);

/** An alert type filter: its id, or its name (any case); undefined when it names none. */
export const alertTypeIdOf = (type: string | undefined): number | undefined | null => {
  if (type === undefined || type === '') return undefined;
  // Only a catalogue id: any other number names nothing (and may be beyond an integer column).
  if (/^\d+$/.test(type)) {
    const id = Number(type);
    return DEVICE_ALERT_TYPES.some((entry) => entry.id === id) ? id : null;
  }
  const found = DEVICE_ALERT_TYPES.find((entry) => entry.name.toLowerCase() === type.toLowerCase());
  return found ? found.id : null;
};

/** A type filter for SQL: a type that names nothing matches nothing (id 0 never exists). */
export const alertTypeFilter = (type: string | undefined): number | undefined => {
  const typeId = alertTypeIdOf(type);
  return typeId === null ? 0 : typeId;
};

// The columns are varchar: a value the contracts do not name (none is written) must not fail the
// answer's schema, so it reads as a device's one-off event.
const sourceOf = (source: string): DeviceAlertSource =>
  DEVICE_ALERT_SOURCES.find((known) => known === source) ?? 'device';
const kindOf = (kind: string): AutomationLogKind =>
  AUTOMATION_LOG_KINDS.find((known) => known === kind) ?? 'event';

export const toAlert = (row: AlertHistoryRow): DeviceAlert => ({
  id: row.id,
  company_id: row.companyId,
  device_id: row.deviceId,
  message: row.message,
  alert_type: typeName(row.alertTypeId),
  alert_subtype: subtypeName(row.alertTypeId, row.alertSubtypeId),
  alert_type_id: row.alertTypeId,
  alert_subtype_id: row.alertSubtypeId,
  created_at: toApiDate(row.createdAt),
  source: sourceOf(row.source),
  kind: kindOf(row.kind),
  automation_id: row.automationId,
  automation_name: row.automationName,
  alerts_configs_id: row.alertsConfigId,
  evaluated_parameters: row.evaluatedParameters,
  reason: row.reason,
});

export const toAlertDetail = (row: AlertHistoryRow): DeviceAlertDetail => ({
  id: row.id,
  alerts_configs_id: row.alertsConfigId,
  device_id: row.deviceId,
  message: row.message,
  created_at: toApiDate(row.createdAt),
});

export const toConfigListItem = (row: DeviceAlertConfigRow): AlertConfigListItem => ({
  id: row.id,
  device_id: row.deviceId,
  receiver: row.emailTo ?? row.phone ?? null,
  message: row.message,
  enable: row.enable,
  type: typeName(row.alertTypeId),
  subtype: subtypeName(row.alertTypeId, row.alertSubtypeId),
  user_id: row.userId,
  alert_type_id: row.alertTypeId,
  alert_subtype_id: row.alertSubtypeId,
  created_at: toApiDate(row.createdAt),
});

export const toConfig = (row: DeviceAlertConfigRow): AlertConfig => ({
  id: row.id,
  device_id: row.deviceId,
  company_id: row.companyId,
  alert_type_id: row.alertTypeId,
  alert_subtype_id: row.alertSubtypeId,
  smtp_config_id: row.smtpConfigId === null ? null : String(row.smtpConfigId),
  email_to: row.emailTo,
  subject: row.subject,
  message: row.message,
  email_type: row.action === 1,
  enable: row.enable,
  redundancy_enable: row.redundancyEnable,
  redundancy_interval: row.redundancyInterval,
  type: row.type,
  user_id: row.userId,
  created_at: toApiDate(row.createdAt),
  updated_at: toApiDate(row.updatedAt),
});

/** A config as its device gets it: what evaluating needs, no texts or recipients. */
export const toDeviceConfig = (row: DeviceAlertConfigRow): DeviceAlertConfig => ({
  id: row.id,
  alert_type_id: row.alertTypeId,
  alert_subtype_id: row.alertSubtypeId,
  redundancy_interval: row.redundancyEnable ? (row.redundancyInterval ?? 0) : null,
  data_limit: row.dataLimit,
  sim: row.sim,
  period: row.period as DataLimitPeriod | null,
  starts: row.starts,
  latitude: row.latitude,
  longitude: row.longitude,
  radius: row.radius,
});

/** Each device's set: its enabled configs. */
export const setsOf = (
  deviceIds: readonly number[],
  rows: readonly DeviceAlertConfigRow[],
  version: (deviceId: number) => number,
) => {
  const sets = new Map<number, AlertsConfigArgs>(
    deviceIds.map((id) => [id, { version: version(id), configs: [] }]),
  );
  for (const row of rows) if (row.enable) sets.get(row.deviceId)?.configs.push(toDeviceConfig(row));
  return sets;
};

/** `fields` keeps the named fields of each answer; `fields_only` answers the names. */
export const pickFields = <T extends Record<string, unknown>>(
  item: T,
  fields: readonly string[] | undefined,
): Partial<T> =>
  fields?.length
    ? (Object.fromEntries(
        Object.entries(item).filter(([key]) => fields.includes(key)),
      ) as Partial<T>)
    : item;

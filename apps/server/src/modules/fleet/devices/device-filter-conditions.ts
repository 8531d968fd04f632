import {
  CREDIT_TYPES,
  DEVICE_CONNECTION_TYPE_FILTERS,
  DEVICE_NETWORK_STATE_FILTERS,
  DEVICE_STATUSES,
  DEVICE_TASK_FILTERS,
  DEVICE_WAN_STATE_FILTERS,
  type DeviceFilterField,
  ERROR_CODES,
  type FieldFilter,
} from '@netfleet/contracts';
import {
  and,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  not,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { deviceCredits, deviceDataPacks, devices, deviceTags } from '@/db/schema';
import { ApiError } from '@/lib/api-error';
import {
  connectionClassOf,
  monitoredCondition,
  networkClassOf,
  pendingJob,
  TASK_JOB_TYPES,
  wanClassOf,
} from './device-classes';

type FilterField = DeviceFilterField;
const NUMERIC: Partial<Record<FilterField, AnyColumn>> = {
  signal: devices.signal,
  signal_2: devices.signal2,
  company_id: devices.companyId,
};
const TEXT: Partial<Record<FilterField, AnyColumn>> = {
  model: devices.model,
  mac: devices.mac,
  firmware: devices.firmware,
  network_state: devices.networkState,
  network_state_2: devices.networkState2,
  connection_type: devices.connectionType,
  connection_type_2: devices.connectionType2,
  operator: devices.operator,
  operator_2: devices.operator2,
  modem_model: devices.modemModel,
  modem_model_2: devices.modemModel2,
  modem_manufacturer: devices.modemManufacturer,
  modem_manufacturer_2: devices.modemManufacturer2,
  modem_firmware: devices.modemFirmware,
  modem_firmware_2: devices.modemFirmware2,
  wan_state: devices.wanState,
};

export const badFilter = (field: string, message: string) =>
  new ApiError(400, ERROR_CODES.VALIDATION_ERROR, message, field);

const toInt = (field: string, value: string) => {
  if (!/^-?\d{1,10}$/.test(value)) throw badFilter(field, `${field} must be whole numbers`);
  return Number(value);
};

const toDate = (field: string, value: string) => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw badFilter(field, `${field} must be dates`);
  return date;
};

/** `a..b` bounds (either side may be empty); null when the value is no range. */
const rangeOf = (value: string): [string, string] | null => {
  const parts = value.split('..');
  return parts.length === 2 ? [parts[0] ?? '', parts[1] ?? ''] : null;
};

/**
 * RMS signal classes in dBm: excellent from -70, average -85 to -71, low below -85, no_signal
 * when the device reports none.
 */
const SIGNAL_CLASSES: Record<string, (column: AnyColumn) => SQL> = {
  excellent: (column) => gte(column, -70),
  average: (column) => and(gte(column, -85), lte(column, -71)) as SQL,
  low: (column) => lte(column, -86),
  no_signal: (column) => isNull(column),
};

/** Exact values, `min..max` ranges and RMS signal classes, ORed: `signal=-70..-50,-90,low`. */
const numericCondition = (filter: FieldFilter, column: AnyColumn): SQL | undefined => {
  const exact: number[] = [];
  const parts: SQL[] = [];
  for (const value of filter.values) {
    const signalClass = column !== devices.companyId ? SIGNAL_CLASSES[value] : undefined;
    if (signalClass) {
      parts.push(signalClass(column));
      continue;
    }
    const range = rangeOf(value);
    if (!range) {
      exact.push(toInt(filter.field, value));
      continue;
    }
    const [low, high] = range;
    const bounds = [
      low ? gte(column, toInt(filter.field, low)) : undefined,
      high ? lte(column, toInt(filter.field, high)) : undefined,
    ];
    const both = and(...bounds);
    if (both) parts.push(both);
  }
  if (exact.length) parts.push(inArray(column, exact));
  return or(...parts);
};

/** RMS status names over the stored codes (DEVICE_STATUSES); the codes themselves still work. */
const STATUS_CODES: Record<string, number[]> = {
  online: [DEVICE_STATUSES.online],
  offline: [DEVICE_STATUSES.offline],
  pending: [DEVICE_STATUSES.pending],
  not_activated: [DEVICE_STATUSES.pending, DEVICE_STATUSES.notActivated],
};

const statusCondition = (filter: FieldFilter): SQL => {
  const codes = filter.values.flatMap((value) => STATUS_CODES[value] ?? [toInt('status', value)]);
  return inArray(devices.status, [...new Set(codes)]);
};

const CLASSES: Partial<
  Record<FilterField, { values: readonly string[]; of: (column: AnyColumn) => SQL<string> }>
> = {
  connection_type: { values: DEVICE_CONNECTION_TYPE_FILTERS, of: connectionClassOf },
  connection_type_2: { values: DEVICE_CONNECTION_TYPE_FILTERS, of: connectionClassOf },
  network_state: { values: DEVICE_NETWORK_STATE_FILTERS, of: networkClassOf },
  network_state_2: { values: DEVICE_NETWORK_STATE_FILTERS, of: networkClassOf },
  wan_state: { values: DEVICE_WAN_STATE_FILTERS, of: wanClassOf },
};

/** RMS classes (`connection_type=4g`) or reported values (`connection_type=LTE`), ORed. */
const textCondition = (filter: FieldFilter, column: AnyColumn): SQL | undefined => {
  const field = filter.field as FilterField;
  const classes = CLASSES[field];
  const classValues = classes ? filter.values.filter((v) => classes.values.includes(v)) : [];
  // MACs are stored upper-case; a filter typed in lower case still matches.
  const values = filter.values
    .filter((v) => !classValues.includes(v))
    .map((v) => (field === 'mac' ? v.toUpperCase() : v));
  return or(
    classes && classValues.length ? inArray(classes.of(column), classValues) : undefined,
    values.length ? inArray(column, values) : undefined,
  );
};

const MINUTE = 60_000;
/** RMS's information_updated classes as a condition on the time of the latest reading. */
const INFORMATION_UPDATED: Record<string, (column: AnyColumn, now: Date) => SQL> = {
  never_been_updated: (column) => isNull(column),
  less_than_5_minutes_ago: (column, now) => gte(column, new Date(now.getTime() - 5 * MINUTE)),
  more_than_5_minutes_ago: (column, now) => lt(column, new Date(now.getTime() - 5 * MINUTE)),
  more_than_1_hour_ago: (column, now) => lt(column, new Date(now.getTime() - 60 * MINUTE)),
  more_than_1_week_ago: (column, now) => lt(column, new Date(now.getTime() - 7 * 24 * 60 * MINUTE)),
};

/** RMS classes, or `2024-01-01..2024-02-01` (one date alone means "since"). */
const informationUpdatedCondition = (filter: FieldFilter, now: Date): SQL | undefined => {
  const column = devices.informationUpdatedAt;
  return or(
    ...filter.values.map((value) => {
      const rmsClass = INFORMATION_UPDATED[value];
      if (rmsClass) return rmsClass(column, now);
      const [low, high] = rangeOf(value) ?? [value, ''];
      return and(
        low ? gte(column, toDate(filter.field, low)) : undefined,
        high ? lte(column, toDate(filter.field, high)) : undefined,
      ) as SQL;
    }),
  );
};

const tagCondition = (filter: FieldFilter): SQL => {
  const ids = filter.values.map((value) => toInt(filter.field, value));
  return sql`exists (select 1 from ${deviceTags} where ${deviceTags.deviceId} = ${devices.id} and ${inArray(deviceTags.tagId, ids)})`;
};

const monitoringCondition = (filter: FieldFilter): SQL | undefined =>
  or(
    ...filter.values.map((value) =>
      value === 'monitored' ? monitoredCondition : not(monitoredCondition),
    ),
  );

const taskCondition = (filter: FieldFilter): SQL | undefined =>
  or(
    ...filter.values.map((value) => {
      if (!(DEVICE_TASK_FILTERS as readonly string[]).includes(value)) {
        throw badFilter('task', `task must be ${DEVICE_TASK_FILTERS.join(', ')}`);
      }
      if (value === 'no_pending_task') return not(pendingJob(Object.values(TASK_JOB_TYPES).flat()));
      return pendingJob(TASK_JOB_TYPES[value] ?? []);
    }),
  );

/** Filters of the data pack (device_data_packs) rather than the management credit. */
const DATA_CREDIT_FIELDS = new Set<FilterField>(['data_credit_type', 'data_credit_type_id']);
const ID_FIELDS = new Set<FilterField>(['management_credit_type_id', 'data_credit_type_id']);

/**
 * Devices whose management credit (device_credits, the type their next period is paid with) or
 * data pack (device_data_packs) is of one of the given types: `*_credit_type` names them (free and
 * paid alike), `*_credit_type_id` gives ids and the CSV export's `credit_type` says free or paid.
 */
const creditTypeCondition = (filter: FieldFilter): SQL => {
  const field = filter.field as FilterField;
  const data = DATA_CREDIT_FIELDS.has(field);
  const ids = ID_FIELDS.has(field)
    ? filter.values.map((value) => toInt(filter.field, value))
    : CREDIT_TYPES.filter(
        (type) =>
          type.license_type === (data ? 'data' : 'management') &&
          filter.values.includes(field === 'credit_type' ? type.payment_type : type.name),
      ).map((type) => type.id);
  if (!ids.length) return sql`false`;
  if (data)
    return sql`exists (select 1 from ${deviceDataPacks} where ${deviceDataPacks.deviceId} = ${devices.id} and ${inArray(deviceDataPacks.creditTypeId, ids)})`;
  return sql`exists (select 1 from ${deviceCredits} where ${deviceCredits.deviceId} = ${devices.id} and ${inArray(deviceCredits.creditTypeId, ids)})`;
};

const CREDIT_TYPE_FIELDS = new Set<FilterField>([
  'credit_type',
  'management_credit_type',
  'management_credit_type_id',
  ...DATA_CREDIT_FIELDS,
]);

export const conditionOf = (filter: FieldFilter, now: Date): SQL | undefined => {
  const field = filter.field as FilterField;
  if (field === 'status') return statusCondition(filter);
  if (field === 'tag_id') return tagCondition(filter);
  if (field === 'information_updated') return informationUpdatedCondition(filter, now);
  if (field === 'monitoring_status') return monitoringCondition(filter);
  if (field === 'task') return taskCondition(filter);
  if (CREDIT_TYPE_FIELDS.has(field)) return creditTypeCondition(filter);
  const numeric = NUMERIC[field];
  if (numeric) return numericCondition(filter, numeric);
  const text = TEXT[field];
  return text ? textCondition(filter, text) : undefined;
};

/** `ne:` keeps every device the filter does not match, those with no value included. */
export const negated = (filter: FieldFilter, condition: SQL | undefined): SQL | undefined => {
  if (!condition || !filter.negate) return condition;
  return sql`not coalesce(${condition}, false)`;
};

import {
  DEVICE_CONNECTION_TYPE_FILTERS,
  DEVICE_FILTER_FIELDS,
  DEVICE_NETWORK_STATE_FILTERS,
  type DEVICE_SEARCH_FIELDS,
  DEVICE_STATUSES,
  DEVICE_TASK_FILTERS,
  DEVICE_WAN_STATE_FILTERS,
  type DeviceFilterField,
  type DeviceTagRef,
  ERROR_CODES,
  type FieldFilter,
  parseFieldFilters,
  parseSort,
} from '@netfleet/contracts';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
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
import { containsPattern, orderByFrom } from '@/db/list';
import {
  companies,
  deviceJobs,
  type DeviceJobStatus,
  devices,
  deviceTags,
  tags,
} from '@/db/schema';
import { ApiError } from '@/lib/api-error';
import type { LatestInfo } from './device-mapper';

/**
 * The company's name as a scalar subquery rather than a join: PostgreSQL evaluates it only for the
 * rows of the page, after the sort and limit, so a 100k-device list never joins 100k rows.
 */
const companyNameOf = sql<string>`(select ${companies.name} from ${companies} where ${companies.id} = ${devices.companyId})`;

/** A timestamptz as the API answers dates (`toApiDate`: UTC, `YYYY-MM-DD HH:mm:ss`). */
const apiDateText = (column: AnyColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;

/** The device columns every read selects: never the claim secret or credential hashes. */
export const deviceColumns = {
  id: devices.id,
  name: devices.name,
  description: devices.description,
  serial: devices.serial,
  mac: devices.mac,
  imei: devices.imei,
  model: devices.model,
  firmware: devices.firmware,
  deviceSeries: devices.deviceSeries,
  companyId: devices.companyId,
  companyName: companyNameOf,
  status: devices.status,
  capabilities: devices.capabilities,
  createdAt: devices.createdAt,
  enrolledAt: devices.enrolledAt,
  lastConnectionAt: devices.lastConnectionAt,
  informationUpdatedAt: devices.informationUpdatedAt,
  signal: devices.signal,
  signal2: devices.signal2,
  operator: devices.operator,
  operator2: devices.operator2,
  networkState: devices.networkState,
  networkState2: devices.networkState2,
  connectionType: devices.connectionType,
  connectionType2: devices.connectionType2,
  modemModel: devices.modemModel,
  modemModel2: devices.modemModel2,
  modemManufacturer: devices.modemManufacturer,
  modemManufacturer2: devices.modemManufacturer2,
  modemFirmware: devices.modemFirmware,
  modemFirmware2: devices.modemFirmware2,
  wanState: devices.wanState,
  wanIp: devices.wanIp,
  temperature: devices.temperature,
  uptime: devices.uptime,
  latitude: devices.latitude,
  longitude: devices.longitude,
  userSetLatitude: devices.userSetLatitude,
  userSetLongitude: devices.userSetLongitude,
  dynamicMonitoring: devices.dynamicMonitoring,
  staticMonitoring: devices.staticMonitoring,
  hotspotMonitoring: devices.hotspotMonitoring,
  gpsMonitoring: devices.gpsMonitoring,
  ioMonitoring: devices.ioMonitoring,
  wirelessMonitoring: devices.wirelessMonitoring,
  ddnsMonitoring: devices.ddnsMonitoring,
  vpnMonitoring: devices.vpnMonitoring,
  updatedAt: devices.updatedAt,
  authenticated: sql<boolean>`${devices.credentialHash} is not null`,
  // The parts of the latest readings the RMS device fields come from. A scalar subquery, like the
  // company name, so PostgreSQL reads the jsonb only for the rows of the page (after sort and
  // limit), never for every row a sort visits.
  latest: sql<LatestInfo | null>`(select jsonb_build_object(
      'modems', ${devices.info}->'dynamic'->'modems',
      'sims', ${devices.info}->'static'->'sims',
      'gps', ${devices.info}->'gps',
      'io', ${devices.info}->'io',
      'ddns_count', case when jsonb_typeof(${devices.info}->'ddns'->'entries') = 'array'
        then jsonb_array_length(${devices.info}->'ddns'->'entries') end))`,
  // Aggregated in the page query itself (one round trip, served by the device_tags primary key).
  tags: sql<DeviceTagRef[]>`coalesce((
    select json_agg(json_build_object(
      'id', ${tags.id}, 'name', ${tags.name}, 'description', ${tags.description},
      'user_id', null, 'company_id', ${tags.companyId}, 'color', ${tags.color},
      'actions', json_build_array(),
      'created_at', ${apiDateText(tags.createdAt)}, 'updated_at', ${apiDateText(tags.updatedAt)}
    ) order by ${tags.name})
    from ${deviceTags} inner join ${tags} on ${tags.id} = ${deviceTags.tagId}
    where ${deviceTags.deviceId} = ${devices.id}), '[]'::json)`,
};

export const SORTABLE: Record<string, AnyColumn | SQL> = {
  id: devices.id,
  name: devices.name,
  serial: devices.serial,
  mac: devices.mac,
  imei: devices.imei,
  model: devices.model,
  firmware: devices.firmware,
  status: devices.status,
  company_name: companyNameOf,
  created_at: devices.createdAt,
  last_connection_at: devices.lastConnectionAt,
  information_updated: devices.informationUpdatedAt,
  signal: devices.signal,
  signal_2: devices.signal2,
  operator: devices.operator,
  connection_type: devices.connectionType,
  wan_state: devices.wanState,
  temperature: devices.temperature,
  uptime: devices.uptime,
};

const contains = (column: AnyColumn) => (q: string) => ilike(column, containsPattern(q));

/**
 * MACs are stored 00:1E:42:AB:CD:EF, and every device of a vendor shares the first three octets:
 * pg_trgm splits words at the colons, so "1E:42:01:E2" would look up the trigrams of "1e", "42",
 * … that every MAC has. The hex digits alone (the devices_mac_hex_trgm_idx expression) make
 * trigrams that pick out the few matching devices, and also find "1e4201e2" or "1E-42-01".
 */
const macSearch = (q: string) => {
  const hex = q.replace(/[\s:.-]/g, '');
  return hex ? ilike(sql`replace(${devices.mac}, ':', '')`, containsPattern(hex)) : undefined;
};

const SEARCHABLE: Record<(typeof DEVICE_SEARCH_FIELDS)[number], (q: string) => SQL | undefined> = {
  name: contains(devices.name),
  serial: contains(devices.serial),
  mac: macSearch,
  imei: contains(devices.imei),
  model: contains(devices.model),
  firmware: contains(devices.firmware),
  operator: contains(devices.operator),
};

/**
 * What `q` searches when the caller names no fields: the identifiers people type. Model, firmware
 * and operator have their own filters, and each extra column is another substring scan.
 */
const DEFAULT_SEARCH_FIELDS = ['name', 'serial', 'mac', 'imei'];

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

const badFilter = (field: string, message: string) =>
  new ApiError(400, ERROR_CODES.VALIDATION_ERROR, message, field);

/** `q` (case-insensitive substring, LIKE wildcards literal) over the chosen search fields. */
export const deviceSearch = (q: string, fields: string[] | undefined): SQL => {
  const chosen = fields?.length ? fields : DEFAULT_SEARCH_FIELDS;
  const unknown = chosen.find((field) => !Object.hasOwn(SEARCHABLE, field));
  if (unknown !== undefined) {
    const known = Object.keys(SEARCHABLE).join(', ');
    throw badFilter('search-fields', `Cannot search by ${unknown}; searchable fields: ${known}`);
  }
  const conditions = chosen.map((field) => SEARCHABLE[field as keyof typeof SEARCHABLE](q));
  // A q of separators alone ("--") searches no MAC; with no field left it matches nothing.
  return or(...conditions) ?? sql`false`;
};

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

/** Monitored: at least one category has a period (0 is off). */
export const monitoredCondition = sql`greatest(${devices.dynamicMonitoring}, ${devices.staticMonitoring}, ${devices.hotspotMonitoring}, ${devices.gpsMonitoring}, ${devices.ioMonitoring}, ${devices.wirelessMonitoring}, ${devices.ddnsMonitoring}, ${devices.vpnMonitoring}) > 0`;

const monitoringCondition = (filter: FieldFilter): SQL | undefined =>
  or(
    ...filter.values.map((value) =>
      value === 'monitored' ? monitoredCondition : not(monitoredCondition),
    ),
  );

const OPEN_JOB: DeviceJobStatus[] = ['queued', 'sent', 'running'];
/** Job types of each pending task class; netfleet has no configuration jobs yet. */
const TASK_JOB_TYPES: Record<string, string[]> = {
  pending_firmware: ['firmware_update'],
  pending_configuration: [],
};
const pendingJob = (types: string[]): SQL =>
  types.length
    ? sql`exists (select 1 from ${deviceJobs} where ${deviceJobs.deviceId} = ${devices.id} and ${inArray(deviceJobs.status, OPEN_JOB)} and ${inArray(deviceJobs.type, types)})`
    : sql`false`;

/** The pending task class of a device, as GET /devices/statistics counts it. */
export const taskClassOf = (): SQL<string> =>
  sql<string>`(case when ${pendingJob(TASK_JOB_TYPES.pending_firmware ?? [])} then 'pending_firmware' else 'no_pending_task' end)`;

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

/** Credits are not part of netfleet yet: no device has a credit of any type. */
const CREDIT_FIELDS = new Set<FilterField>([
  'credit_type',
  'management_credit_type',
  'management_credit_type_id',
  'data_credit_type',
  'data_credit_type_id',
]);

const conditionOf = (filter: FieldFilter, now: Date): SQL | undefined => {
  const field = filter.field as FilterField;
  if (field === 'status') return statusCondition(filter);
  if (field === 'tag_id') return tagCondition(filter);
  if (field === 'information_updated') return informationUpdatedCondition(filter, now);
  if (field === 'monitoring_status') return monitoringCondition(filter);
  if (field === 'task') return taskCondition(filter);
  if (CREDIT_FIELDS.has(field)) return sql`false`;
  const numeric = NUMERIC[field];
  if (numeric) return numericCondition(filter, numeric);
  const text = TEXT[field];
  return text ? textCondition(filter, text) : undefined;
};

/** `ne:` keeps every device the filter does not match, those with no value included. */
const negated = (filter: FieldFilter, condition: SQL | undefined): SQL | undefined => {
  if (!condition || !filter.negate) return condition;
  return sql`not coalesce(${condition}, false)`;
};

export interface DeviceQuery {
  q?: string | undefined;
  'search-fields'?: string[] | undefined;
  id?: number[] | undefined;
  sort?: string | undefined;
}

/**
 * Scope (the ids of the companies the viewer sees, looked up first: a plain `company_id = any(...)`
 * costs half of joining companies on every row), `q`, `id` and every RMS field filter, as one WHERE.
 */
export const deviceWhere = (
  visibleCompanyIds: readonly number[],
  query: DeviceQuery,
  raw: Record<string, unknown>,
  now: Date = new Date(),
) => {
  const conditions: (SQL | undefined)[] = [inArray(devices.companyId, [...visibleCompanyIds])];
  if (query.q) conditions.push(deviceSearch(query.q, query['search-fields']));
  if (query.id?.length) conditions.push(inArray(devices.id, query.id));
  for (const filter of parseFieldFilters(raw, DEVICE_FILTER_FIELDS)) {
    conditions.push(negated(filter, conditionOf(filter, now)));
  }
  return and(...conditions);
};

/**
 * Whitelisted sort; the id tie-breaker keeps pages stable. It runs in the direction of the last
 * sort field so that one (column, id) index serves both directions.
 */
export const deviceOrderBy = (sort: string | undefined): SQL[] => {
  const fields = parseSort(sort);
  const last = fields[fields.length - 1];
  return [...orderByFrom(sort, SORTABLE, []), last?.desc ? desc(devices.id) : asc(devices.id)];
};

export const devicesWithCompany = eq(companies.id, devices.companyId);

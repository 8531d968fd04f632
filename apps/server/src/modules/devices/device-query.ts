import {
  DEVICE_FILTER_FIELDS,
  type DEVICE_SEARCH_FIELDS,
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
  lte,
  not,
  notInArray,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { containsPattern, orderByFrom } from '@/db/list';
import { companies, devices, deviceTags, tags } from '@/db/schema';
import { ApiError } from '@/lib/api-error';

/**
 * The company's name as a scalar subquery rather than a join: PostgreSQL evaluates it only for the
 * rows of the page, after the sort and limit, so a 100k-device list never joins 100k rows.
 */
const companyNameOf = sql<string>`(select ${companies.name} from ${companies} where ${companies.id} = ${devices.companyId})`;

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
  // Aggregated in the page query itself (one round trip, served by the device_tags primary key).
  tags: sql<{ id: number; name: string; color: string | null }[]>`coalesce((
    select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}) order by ${tags.name})
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

type FilterField = (typeof DEVICE_FILTER_FIELDS)[number];
const NUMERIC: Partial<Record<FilterField, AnyColumn>> = {
  status: devices.status,
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

/** Exact values and `min..max` ranges, ORed: `signal=-70..-50,-90`. */
const numericCondition = (filter: FieldFilter, column: AnyColumn): SQL | undefined => {
  const exact: number[] = [];
  const parts: SQL[] = [];
  for (const value of filter.values) {
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

/** `information_updated=2024-01-01..2024-02-01`; one date alone means "since". */
const informationUpdatedCondition = (filter: FieldFilter): SQL | undefined => {
  const column = devices.informationUpdatedAt;
  return or(
    ...filter.values.map((value) => {
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

const conditionOf = (filter: FieldFilter): SQL | undefined => {
  const field = filter.field as FilterField;
  if (field === 'tag_id') return tagCondition(filter);
  if (field === 'information_updated') return informationUpdatedCondition(filter);
  const numeric = NUMERIC[field];
  if (numeric) return numericCondition(filter, numeric);
  const text = TEXT[field];
  if (!text) return undefined;
  // MACs are stored upper-case; a filter typed in lower case still matches.
  const values = field === 'mac' ? filter.values.map((v) => v.toUpperCase()) : filter.values;
  return filter.negate ? or(notInArray(text, values), isNull(text)) : inArray(text, values);
};

const negated = (filter: FieldFilter, condition: SQL | undefined): SQL | undefined => {
  if (!condition || !filter.negate || TEXT[filter.field as FilterField]) return condition;
  return not(condition);
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
) => {
  const conditions: (SQL | undefined)[] = [inArray(devices.companyId, [...visibleCompanyIds])];
  if (query.q) conditions.push(deviceSearch(query.q, query['search-fields']));
  if (query.id?.length) conditions.push(inArray(devices.id, query.id));
  for (const filter of parseFieldFilters(raw, DEVICE_FILTER_FIELDS)) {
    conditions.push(negated(filter, conditionOf(filter)));
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

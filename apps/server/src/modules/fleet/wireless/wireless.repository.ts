import {
  HOTSPOT_SORT_FIELDS,
  TELEMETRY_CATEGORIES,
  WIRELESS_SEARCH_FIELDS,
  WIRELESS_SORT_FIELDS,
} from '@netfleet/contracts';
import { and, asc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { cappedTotal, pageTotal } from '@/db/estimated-total';
import { chosenSearchFields, containsPattern, orderByFrom } from '@/db/list';
import { companies, deviceSearch, devices, deviceWireless } from '@/db/schema';
import { deviceTelemetry } from '@/db/telemetry-table';

export type WirelessKind = 'hotspot' | 'wireless';

/**
 * The company's name as a scalar subquery: evaluated for the rows of the page only, after the
 * sort and limit (as the device list does).
 */
const companyNameOf = sql<string>`(select ${companies.name} from ${companies} where ${companies.id} = ${devices.companyId})`;

const columns = {
  deviceId: deviceWireless.deviceId,
  idx: deviceWireless.idx,
  ssid: deviceWireless.ssid,
  band: deviceWireless.band,
  channel: deviceWireless.channel,
  enabled: deviceWireless.enabled,
  clients: deviceWireless.clients,
  rx: deviceWireless.rx,
  tx: deviceWireless.tx,
  updatedAt: deviceWireless.updatedAt,
  deviceName: devices.name,
  serial: devices.serial,
  model: devices.model,
  firmware: devices.firmware,
  status: devices.status,
  companyId: devices.companyId,
  companyName: companyNameOf,
};
export type WirelessRow = Awaited<ReturnType<WirelessRepository['list']>>['rows'][number];

const SORT_COLUMNS: Record<string, AnyColumn | SQL> = {
  device_name: devices.name,
  name: devices.name,
  device_status: devices.status,
  serial: devices.serial,
  model: devices.model,
  firmware: devices.firmware,
  status: devices.status,
  company_name: companyNameOf,
  ssid: deviceWireless.ssid,
  band: deviceWireless.band,
  channel: deviceWireless.channel,
  clients: deviceWireless.clients,
  clients_count: deviceWireless.clients,
  online_users: deviceWireless.clients,
  users_active: deviceWireless.clients,
  updated_at: deviceWireless.updatedAt,
};
const sortableOf = (fields: readonly string[]) =>
  Object.fromEntries(fields.map((field) => [field, SORT_COLUMNS[field] as AnyColumn | SQL]));
const SORTABLE: Record<WirelessKind, Record<string, AnyColumn | SQL>> = {
  hotspot: sortableOf(HOTSPOT_SORT_FIELDS),
  wireless: sortableOf(WIRELESS_SORT_FIELDS),
};

/** The device's identifiers, searched in device_search (db/schema/devices.ts) by trigram. */
const DEVICE_SEARCHABLE: Record<string, AnyColumn> = {
  device_name: deviceSearch.name,
  serial: deviceSearch.serial,
};

/**
 * `q` over the SSID and the device's name and serial, as the keys of the matching rows: one
 * query per table, each served by its trigram indexes, joined by UNION ALL. An OR across the two
 * tables could use none of them and read every row of both (0.9 s at 100k devices, against
 * milliseconds for a search that matches a few rows).
 */
export const wirelessSearch = (
  kind: WirelessKind,
  q: string,
  fields: string[] | undefined,
): SQL => {
  const chosen = chosenSearchFields(fields, WIRELESS_SEARCH_FIELDS);
  const pattern = containsPattern(q);
  const category = TELEMETRY_CATEGORIES.indexOf(kind);
  const keys = sql`select ${deviceWireless.deviceId}, ${deviceWireless.idx} from ${deviceWireless}`;
  const parts: SQL[] = [];
  if (chosen.includes('ssid')) {
    parts.push(
      sql`${keys} where ${deviceWireless.category} = ${category} and ${ilike(deviceWireless.ssid, pattern)}`,
    );
  }
  const onDevice = chosen.flatMap((field) => {
    const column = DEVICE_SEARCHABLE[field];
    return column ? [ilike(column, pattern)] : [];
  });
  if (onDevice.length > 0) {
    // Inside the subquery the same table names mean its own rows, not the outer query's.
    parts.push(
      sql`${keys} inner join ${deviceSearch} on ${deviceSearch.deviceId} = ${deviceWireless.deviceId} where ${deviceWireless.category} = ${category} and ${or(...onDevice)}`,
    );
  }
  return sql`(${deviceWireless.deviceId}, ${deviceWireless.idx}) in (${sql.join(parts, sql` union all `)})`;
};

export interface WirelessFilter {
  q?: string | undefined;
  'search-fields'?: string[] | undefined;
  status?: number[] | undefined;
  model?: string[] | undefined;
  firmware?: string[] | undefined;
  company_id?: number | undefined;
  ssid_names?: string[] | undefined;
  /** `device_id:index` pairs. */
  wireless_id?: string[] | undefined;
  band?: string | undefined;
  deviceId?: number | undefined;
  /** Indexes of the device's interfaces (RMS `wlan`). */
  indexes?: number[] | undefined;
}

export interface WirelessPage {
  sort?: string | undefined;
  limit: number;
  offset: number;
}

const pairCondition = (id: string): SQL | undefined => {
  const [deviceId, idx] = id.split(':').map(Number);
  return and(eq(deviceWireless.deviceId, deviceId ?? 0), eq(deviceWireless.idx, idx ?? 0));
};

/** Every filter as one WHERE; `companyIds` are the companies the viewer sees. */
const whereOf = (kind: WirelessKind, companyIds: number[], filter: WirelessFilter) => {
  const list = <T>(column: AnyColumn, values: T[] | undefined) =>
    values?.length ? inArray(column, values) : undefined;
  return and(
    eq(deviceWireless.category, TELEMETRY_CATEGORIES.indexOf(kind)),
    inArray(devices.companyId, companyIds),
    filter.q ? wirelessSearch(kind, filter.q, filter['search-fields']) : undefined,
    list(devices.status, filter.status),
    list(devices.model, filter.model),
    list(devices.firmware, filter.firmware),
    filter.company_id === undefined ? undefined : eq(devices.companyId, filter.company_id),
    list(deviceWireless.ssid, filter.ssid_names),
    filter.wireless_id?.length ? or(...filter.wireless_id.map(pairCondition)) : undefined,
    filter.band === undefined ? undefined : eq(deviceWireless.band, filter.band),
    filter.deviceId === undefined ? undefined : eq(deviceWireless.deviceId, filter.deviceId),
    list(deviceWireless.idx, filter.indexes),
  );
};

export const createWirelessRepository = (db: Database) => ({
  /** Ids of the companies the viewer sees, looked up once: `company_id = any(...)` per row. */
  async scopeOf(viewer: Viewer, tx: Executor = db) {
    const rows = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(visibleCompaniesFilter(viewer));
    return rows.map((row) => row.id);
  },

  /** Whether the device exists in a company the viewer sees. */
  async deviceVisible(viewer: Viewer, id: number, tx: Executor = db) {
    const [row] = await tx
      .select({ id: devices.id })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(and(eq(devices.id, id), visibleCompaniesFilter(viewer)));
    return row !== undefined;
  },

  /** The hotspot with this index in the device's latest hotspot reading, if it has one. */
  async findHotspot(deviceId: number, index: number, tx: Executor = db) {
    const [row] = await tx
      .select({ ssid: deviceWireless.ssid })
      .from(deviceWireless)
      .where(
        and(
          eq(deviceWireless.deviceId, deviceId),
          eq(deviceWireless.category, TELEMETRY_CATEGORIES.indexOf('hotspot')),
          eq(deviceWireless.idx, index),
        ),
      );
    return row;
  },

  /** The indexes of the device's Wi-Fi interfaces in its latest reading (`wlan_id`s). */
  async wirelessIndexes(deviceId: number, tx: Executor = db) {
    const rows = await tx
      .select({ idx: deviceWireless.idx })
      .from(deviceWireless)
      .where(
        and(
          eq(deviceWireless.deviceId, deviceId),
          eq(deviceWireless.category, TELEMETRY_CATEGORIES.indexOf('wireless')),
        ),
      );
    return rows.map((row) => row.idx);
  },

  /**
   * Clients and traffic of the chosen Wi-Fi interfaces (their position in each reading) from the
   * device's wireless readings in the range, oldest first per interface, each series evenly
   * thinned in SQL to at most `maxPoints` (every k-th reading), so only the points leave the
   * database. Traffic is the difference of consecutive readings' counters (lag), taken before the
   * thinning and summed over the readings a kept point stands for; a counter lower than the one
   * before started again (a reboot), so that difference is unknown rather than negative.
   */
  async graph(
    deviceId: number,
    indexes: number[],
    range: { from: Date; to: Date },
    maxPoints: number,
    tx: Executor = db,
  ) {
    const t = deviceTelemetry;
    const readings = sql`select ${t.ts} as ts, (i.ord - 1)::int as idx,
        coalesce((i.value ->> 'clients')::int, 0) as clients,
        (i.value ->> 'rx_bytes')::bigint as rx, (i.value ->> 'tx_bytes')::bigint as tx
      from ${t}
      cross join lateral json_array_elements(
        case when json_typeof(${t.data} -> 'interfaces') = 'array' then ${t.data} -> 'interfaces'
        else '[]'::json end
      ) with ordinality as i(value, ord)
      where ${t.deviceId} = ${deviceId}
        and ${t.category} = ${TELEMETRY_CATEGORIES.indexOf('wireless')}
        and ${t.ts} >= ${range.from.toISOString()}::timestamptz
        and ${t.ts} <= ${range.to.toISOString()}::timestamptz
        and (i.ord - 1) in (${sql.join(
          indexes.map((index) => sql`${index}`),
          sql`, `,
        )})`;
    // Null when either counter is missing or the later one is lower (the counter started again).
    const delta = (column: string) =>
      sql.raw(
        `case when ${column} >= lag(${column}) over w then ${column} - lag(${column}) over w end`,
      );
    const numbered = sql`select ts, idx, clients, ${delta('rx')} as rx, ${delta('tx')} as tx,
        row_number() over w as rn,
        greatest(1, ceil(count(*) over (partition by idx)::numeric / ${maxPoints}))::int as k
      from (${readings}) readings
      window w as (partition by idx order by ts)`;
    // Kept points are readings 1, k+1, 2k+1...; a kept point's group is the readings after the
    // previous kept one up to itself (the first point is a group of its own).
    const grouped = sql`select ts, idx, clients, rn, k,
        sum(rx) over g as received, sum(tx) over g as sent
      from (${numbered}) numbered
      window g as (partition by idx, case when rn = 1 then -1 else (rn - 2) / k end)`;
    const result = await tx.execute(
      sql`select ts, idx, clients, received, sent from (${grouped}) grouped
        where (rn - 1) % k = 0
        order by idx, ts`,
    );
    const rows = (
      result as unknown as {
        rows: {
          ts: Date | string;
          idx: number;
          clients: number;
          received: string | number | null;
          sent: string | number | null;
        }[];
      }
    ).rows;
    const bytes = (value: string | number | null) => (value === null ? null : Number(value));
    return rows.map((row) => ({
      ts: row.ts instanceof Date ? row.ts : new Date(row.ts),
      idx: Number(row.idx),
      clients: Number(row.clients),
      received: bytes(row.received),
      sent: bytes(row.sent),
    }));
  },

  /**
   * One page (the id tie-breakers keep pages stable) and the total, side by side: exact up to
   * LIST_EXACT_COUNT_LIMIT rows, an estimate past it (`estimated`), as the device list counts.
   */
  async list(
    kind: WirelessKind,
    companyIds: number[],
    filter: WirelessFilter,
    page: WirelessPage,
    tx: Executor = db,
  ) {
    const where = whereOf(kind, companyIds, filter);
    const orderBy = orderByFrom(page.sort, SORTABLE[kind], [asc(devices.name)]);
    const [rows, total] = await Promise.all([
      tx
        .select(columns)
        .from(deviceWireless)
        .innerJoin(devices, eq(devices.id, deviceWireless.deviceId))
        .where(where)
        .orderBy(...orderBy, asc(deviceWireless.deviceId), asc(deviceWireless.idx))
        .limit(page.limit)
        .offset(page.offset),
      cappedTotal(
        tx,
        tx
          .select({ one: sql`1` })
          .from(deviceWireless)
          .innerJoin(devices, eq(devices.id, deviceWireless.deviceId))
          .where(where),
      ),
    ]);
    return pageTotal(rows, page, total);
  },
});

export type WirelessRepository = ReturnType<typeof createWirelessRepository>;

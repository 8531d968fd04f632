import { type DeviceStatisticChart, STATISTICS_UNKNOWN } from '@netfleet/contracts';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { companies, deviceOnlineSamples, devices } from '@/db/schema';
import { taskClassOf } from './device-classes';

type Chart = DeviceStatisticChart;

const MINUTE = 60_000;
const ago = (now: Date, minutes: number) => new Date(now.getTime() - minutes * MINUTE);

/** RMS classes of the stored status codes (DEVICE_STATUS_FILTERS). */
const statusClass = sql<string>`(case ${devices.status} when 1 then 'online' when 0 then 'offline' else 'not_activated' end)`;

/** RMS signal classes, the same bounds as the `signal=excellent` filter. */
const signalClass = (column: PgColumn) =>
  sql<string>`(case when ${column} is null then 'no_signal' when ${column} >= -70 then 'excellent' when ${column} >= -85 then 'average' else 'low' end)`;

/** RMS information_updated classes: each device in the narrowest one that holds it. */
const informationUpdatedClass = (now: Date) => {
  const at = devices.informationUpdatedAt;
  return sql<string>`(case when ${at} is null then 'never_been_updated'
    when ${at} >= ${ago(now, 5)} then 'less_than_5_minutes_ago'
    when ${at} >= ${ago(now, 60)} then 'more_than_5_minutes_ago'
    when ${at} >= ${ago(now, 7 * 24 * 60)} then 'more_than_1_hour_ago'
    else 'more_than_1_week_ago' end)`;
};

/** What each chart counts by: RMS classes for status, signal, updates and tasks, else the value. */
const CHART_VALUES: Record<Chart, (now: Date) => PgColumn | SQL> = {
  status: () => statusClass,
  model: () => devices.model,
  firmware: () => devices.firmware,
  connection_type: () => devices.connectionType,
  connection_type_2: () => devices.connectionType2,
  operator: () => devices.operator,
  operator_2: () => devices.operator2,
  network_state: () => devices.networkState,
  network_state_2: () => devices.networkState2,
  wan_state: () => devices.wanState,
  modem_manufacturer: () => devices.modemManufacturer,
  modem_manufacturer_2: () => devices.modemManufacturer2,
  modem_model: () => devices.modemModel,
  modem_model_2: () => devices.modemModel2,
  modem_firmware: () => devices.modemFirmware,
  modem_firmware_2: () => devices.modemFirmware2,
  signal: () => signalClass(devices.signal),
  signal_2: () => signalClass(devices.signal2),
  information_updated: informationUpdatedClass,
  task: () => taskClassOf(),
};

export const createDeviceStatsRepository = (db: Database) => ({
  /**
   * One page of device counts per value of one chart, most common first, under `where`; devices
   * without a value count under `unknown`. `values` is how many values the chart has in all.
   */
  async countBy(
    chart: Chart,
    where: SQL | undefined,
    now: Date,
    page: { limit: number; offset: number },
    tx: Executor = db,
  ) {
    const value = sql<string>`coalesce(nullif(cast(${CHART_VALUES[chart](now)} as text), ''), ${STATISTICS_UNKNOWN})`;
    const count = sql<number>`cast(count(*) as integer)`;
    // The window counts the groups in the same pass; a page past the end reads nothing, so then
    // the number is asked for on its own.
    const rows = await tx
      .select({ value, count, values: sql<number>`cast(count(*) over () as integer)` })
      .from(devices)
      .where(where)
      .groupBy(sql`1`)
      .orderBy(desc(count), asc(sql`1`))
      .limit(page.limit)
      .offset(page.offset);
    if (rows.length > 0 || page.offset === 0) {
      return { rows, values: rows[0]?.values ?? 0 };
    }
    const groups = tx
      .select({ value })
      .from(devices)
      .where(where)
      .groupBy(sql`1`)
      .as('groups');
    const [counted] = await tx
      .select({ values: sql<number>`cast(count(*) as integer)` })
      .from(groups);
    return { rows, values: counted?.values ?? 0 };
  },

  /** The company if the viewer sees it. */
  async visibleCompany(viewer: Viewer, id: number, tx: Executor = db) {
    const [row] = await tx
      .select({ id: companies.id, path: companies.path })
      .from(companies)
      .where(and(eq(companies.id, id), visibleCompaniesFilter(viewer)));
    return row ?? null;
  },

  /**
   * Online and total devices over time, summed over the company (and its subtree, as far as the
   * viewer sees it).
   */
  async online(
    viewer: Viewer,
    company: { id: number; path: string },
    withChildren: boolean,
    range: { from: Date; to: Date },
    tx: Executor = db,
  ) {
    const s = deviceOnlineSamples;
    const scope = withChildren
      ? and(sql`${companies.path} like ${`${company.path}%`}`, visibleCompaniesFilter(viewer))
      : eq(companies.id, company.id);
    const companyIds = tx.select({ id: companies.id }).from(companies).where(scope);
    return tx
      .select({
        at: s.at,
        online: sql<number>`cast(sum(${s.online}) as integer)`,
        total: sql<number>`cast(sum(${s.total}) as integer)`,
      })
      .from(s)
      .where(and(inArray(s.companyId, companyIds), gte(s.at, range.from), lte(s.at, range.to)))
      .groupBy(s.at)
      .orderBy(asc(s.at));
  },

  /**
   * The company (and its subtree as far as the viewer sees it) with each one's own devices online
   * and in total at its last sample of the range; 0 for a company without one (no devices).
   */
  async onlineByCompany(
    viewer: Viewer,
    company: { id: number; path: string },
    withChildren: boolean,
    range: { from: Date; to: Date },
    tx: Executor = db,
  ): Promise<OnlineCompanyCount[]> {
    const s = deviceOnlineSamples;
    const scope = withChildren
      ? and(sql`${companies.path} like ${`${company.path}%`}`, visibleCompaniesFilter(viewer))
      : eq(companies.id, company.id);
    const tree = await tx
      .select({ id: companies.id, name: companies.name, parentId: companies.parentId })
      .from(companies)
      .where(scope)
      .orderBy(asc(companies.path));
    if (!tree.length) return [];
    const latest = await tx
      .selectDistinctOn([s.companyId], { companyId: s.companyId, online: s.online, total: s.total })
      .from(s)
      .where(
        and(
          inArray(
            s.companyId,
            tree.map((row) => row.id),
          ),
          gte(s.at, range.from),
          lte(s.at, range.to),
        ),
      )
      .orderBy(asc(s.companyId), desc(s.at));
    const byCompany = new Map(latest.map((row) => [row.companyId, row]));
    return tree.map((row) => ({
      ...row,
      // The root's parent is outside the answer, as is a parent the viewer does not see.
      parentId: row.id === company.id ? null : row.parentId,
      online: byCompany.get(row.id)?.online ?? 0,
      total: byCompany.get(row.id)?.total ?? 0,
    }));
  },
});

/** A company's own devices online and in total (onlineByCompany). */
export interface OnlineCompanyCount {
  id: number;
  name: string;
  parentId: number | null;
  online: number;
  total: number;
}

export type DeviceStatsRepository = ReturnType<typeof createDeviceStatsRepository>;

import type { DEVICE_STATISTIC_CHARTS } from '@netfleet/contracts';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { companies, deviceOnlineSamples, devices } from '@/db/schema';

type Chart = (typeof DEVICE_STATISTIC_CHARTS)[number];

const CHART_COLUMNS: Record<Chart, PgColumn> = {
  status: devices.status,
  model: devices.model,
  firmware: devices.firmware,
  connection_type: devices.connectionType,
  connection_type_2: devices.connectionType2,
  operator: devices.operator,
  operator_2: devices.operator2,
  network_state: devices.networkState,
  network_state_2: devices.networkState2,
  wan_state: devices.wanState,
  modem_manufacturer: devices.modemManufacturer,
  modem_model: devices.modemModel,
  signal: devices.signal,
};

/** Values per chart: the most common ones; the long tail is not a chart. */
const CHART_VALUES_MAX = 100;

export const createDeviceStatsRepository = (db: Database) => ({
  /** Device counts per value of one column, most common first, under `where`. */
  async countBy(chart: Chart, where: SQL | undefined, tx: Executor = db) {
    const column = CHART_COLUMNS[chart];
    const count = sql<number>`cast(count(*) as integer)`;
    return tx
      .select({ value: sql<string | number | null>`${column}`, count })
      .from(devices)
      .where(where)
      .groupBy(column)
      .orderBy(desc(count), asc(column))
      .limit(CHART_VALUES_MAX);
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
});

export type DeviceStatsRepository = ReturnType<typeof createDeviceStatsRepository>;

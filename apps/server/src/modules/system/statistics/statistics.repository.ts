import { CONNECTED_CODES, type StatisticsInterval } from '@netfleet/contracts';
import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { companies, deviceLogs, devices } from '@/db/schema';

export interface Range {
  from: Date;
  to: Date;
}

/** Which companies' devices count: one company, or its subtree as far as the viewer sees it. */
export interface CompanyScope {
  company: { id: number; path: string };
  withChildren: boolean;
}

/** Periods start at midnight (or the first of the month) in the caller's time zone. */
export interface Bucketing {
  interval: StatisticsInterval;
  timeZone: string;
}

const LABEL_FORMATS: Record<StatisticsInterval, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM' };

/** The period label of a timestamp column, e.g. '2026-03' for months. */
const periodOf = (column: AnyPgColumn | SQL, { interval, timeZone }: Bucketing) =>
  sql<string>`to_char(date_trunc(${interval}, ${column} at time zone ${timeZone}), ${LABEL_FORMATS[interval]})`;

const countAs = (expression: SQL) => sql<number>`cast(${expression} as integer)`;

export const createStatisticsRepository = (db: Database) => {
  const companyIds = (viewer: Viewer, scope: CompanyScope, tx: Executor) =>
    tx
      .select({ id: companies.id })
      .from(companies)
      .where(
        scope.withChildren
          ? and(
              sql`${companies.path} like ${`${scope.company.path}%`}`,
              visibleCompaniesFilter(viewer),
            )
          : eq(companies.id, scope.company.id),
      );

  return {
    /** The company if the viewer sees it. */
    async visibleCompany(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: companies.id, path: companies.path })
        .from(companies)
        .where(and(eq(companies.id, id), visibleCompaniesFilter(viewer)));
      return row ?? null;
    },

    /** Every period label from the range's first to its last, zero counts included. */
    async periods(range: Range, bucketing: Bucketing, tx: Executor = db): Promise<string[]> {
      const { interval, timeZone } = bucketing;
      const start = sql`date_trunc(${interval}, ${range.from} at time zone ${timeZone})`;
      const end = sql`date_trunc(${interval}, ${range.to} at time zone ${timeZone})`;
      const step = sql`cast(${`1 ${interval}`} as interval)`;
      // The driver's result type is not generic over the database kind; the rows are as selected.
      const result = (await tx.execute(
        sql`select to_char(p, ${LABEL_FORMATS[interval]}) as period
            from generate_series(${start}, ${end}, ${step}) as p order by p`,
      )) as unknown as { rows: { period: string }[] };
      return result.rows.map((row) => row.period);
    },

    /** Devices created per period, among the scope's devices. */
    async added(
      viewer: Viewer,
      scope: CompanyScope,
      range: Range,
      bucketing: Bucketing,
      tx: Executor = db,
    ) {
      return tx
        .select({ period: periodOf(devices.createdAt, bucketing), count: countAs(sql`count(*)`) })
        .from(devices)
        .where(
          and(
            inArray(devices.companyId, companyIds(viewer, scope, tx)),
            gte(devices.createdAt, range.from),
            lte(devices.createdAt, range.to),
          ),
        )
        .groupBy(sql`1`);
    },

    /** Distinct devices of the scope with a successful connection in each period. */
    async connected(
      viewer: Viewer,
      scope: CompanyScope,
      range: Range,
      bucketing: Bucketing,
      tx: Executor = db,
    ) {
      return tx
        .select({
          period: periodOf(deviceLogs.createdAt, bucketing),
          count: countAs(sql`count(distinct ${deviceLogs.deviceId})`),
        })
        .from(deviceLogs)
        .innerJoin(devices, eq(devices.id, deviceLogs.deviceId))
        .where(
          and(
            inArray(devices.companyId, companyIds(viewer, scope, tx)),
            inArray(deviceLogs.code, [...CONNECTED_CODES]),
            gte(deviceLogs.createdAt, range.from),
            lte(deviceLogs.createdAt, range.to),
          ),
        )
        .groupBy(sql`1`);
    },
  };
};

export type StatisticsRepository = ReturnType<typeof createStatisticsRepository>;

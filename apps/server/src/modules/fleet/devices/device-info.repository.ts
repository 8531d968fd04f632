import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll } from '@/db/list';
import { companies, deviceDataUsage, deviceLogs, devices } from '@/db/schema';
import { deviceTelemetry } from '@/db/telemetry-table';

/** How far back "the reading at a time" looks; older rows are past retention anyway. */
const HISTORY_WINDOW_MS = 31 * 24 * 60 * 60 * 1000;

export interface Range {
  from: Date;
  to: Date;
}

const inRange = (column: typeof deviceTelemetry.ts, { from, to }: Range) =>
  and(gte(column, from), lte(column, to));

/** Telemetry, logs and data usage of one device; the caller has checked the device is visible. */
export const createDeviceInfoRepository = (db: Database) => ({
  /** Connection log rows, newest first, of one device or of every device the viewer sees. */
  async logs(
    viewer: Viewer,
    deviceId: number | null,
    page: { limit: number; offset: number },
    tx: Executor = db,
  ) {
    const where = and(
      visibleCompaniesFilter(viewer),
      deviceId === null ? undefined : eq(deviceLogs.deviceId, deviceId),
    );
    const from = () =>
      tx
        .select({
          id: deviceLogs.id,
          deviceId: deviceLogs.deviceId,
          code: deviceLogs.code,
          reason: deviceLogs.reason,
          ip: deviceLogs.ip,
          companyId: devices.companyId,
          serial: devices.serial,
          createdAt: deviceLogs.createdAt,
        })
        .from(deviceLogs)
        .innerJoin(devices, eq(devices.id, deviceLogs.deviceId))
        .innerJoin(companies, eq(companies.id, devices.companyId));
    const rows = await from()
      .where(where)
      .orderBy(desc(deviceLogs.id))
      .limit(page.limit)
      .offset(page.offset);
    const [count] = await tx
      .select({ total: countAll })
      .from(deviceLogs)
      .innerJoin(devices, eq(devices.id, deviceLogs.deviceId))
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(where);
    return { rows, total: count?.total ?? 0 };
  },

  /**
   * Readings of one category in the range, oldest first, evenly thinned to at most `maxPoints`
   * in SQL (every k-th row), so a month of 60 s readings never leaves the database whole.
   */
  async series(
    deviceId: number,
    category: number,
    range: Range,
    maxPoints: number,
    tx: Executor = db,
  ) {
    const t = deviceTelemetry;
    const numbered = tx
      .select({
        ts: t.ts,
        data: t.data,
        rn: sql<number>`row_number() over (order by ${t.ts})`.as('rn'),
        n: sql<number>`count(*) over ()`.as('n'),
      })
      .from(t)
      .where(and(eq(t.deviceId, deviceId), eq(t.category, category), inRange(t.ts, range)))
      .as('numbered');
    return tx
      .select({ ts: numbered.ts, data: numbered.data })
      .from(numbered)
      .where(
        sql`(${numbered.rn} - 1) % greatest(1, ceil(${numbered.n}::numeric / ${maxPoints}))::int = 0`,
      )
      .orderBy(asc(numbered.ts));
  },

  /** The latest reading of every category at or before `at`. */
  async latestPerCategory(deviceId: number, at: Date, tx: Executor = db) {
    const t = deviceTelemetry;
    const from = new Date(at.getTime() - HISTORY_WINDOW_MS);
    return tx
      .selectDistinctOn([t.category], { category: t.category, ts: t.ts, data: t.data })
      .from(t)
      .where(and(eq(t.deviceId, deviceId), inRange(t.ts, { from, to: at })))
      .orderBy(asc(t.category), desc(t.ts));
  },

  /** Distinct reading times, most recent first. */
  async datetimes(deviceId: number, limit: number, tx: Executor = db) {
    const t = deviceTelemetry;
    const rows = await tx
      .selectDistinct({ ts: t.ts })
      .from(t)
      .where(eq(t.deviceId, deviceId))
      .orderBy(desc(t.ts))
      .limit(limit);
    return rows.map((row) => row.ts);
  },

  async dataUsage(deviceId: number, from: string, to: string, tx: Executor = db) {
    const u = deviceDataUsage;
    const where: SQL | undefined = and(eq(u.deviceId, deviceId), gte(u.day, from), lte(u.day, to));
    return tx
      .select({ day: u.day, modem: u.modem, sim: u.sim, rx: u.rx, tx: u.tx })
      .from(u)
      .where(where)
      .orderBy(asc(u.day), asc(u.modem), asc(u.sim));
  },
});

export type DeviceInfoRepository = ReturnType<typeof createDeviceInfoRepository>;

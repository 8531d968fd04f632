import { TELEMETRY_CATEGORIES, type TelemetryCategory } from '@netfleet/contracts';
import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { devices } from '@/db/schema';
import { deviceTelemetry } from '@/db/telemetry-table';
import type { PreviewScope } from './automation-preview';
import type { ReplayReading } from './preview-replay';

/** Past this many readings of a category in the window, a device's readings are thinned. */
export const PREVIEW_READINGS_PER_DEVICE = 1_440;

/** The stored readings a preview replays. */
export const createPreviewRepository = (db: Database) => ({
  /**
   * The first `limit` devices by id a rule being edited would cover, and how many in all: inside
   * its company's subtree, and tagged with a scope tag, in a scope company's subtree, assigned to
   * the saved rule, or about to be assigned.
   */
  async devicesInScope(
    scope: PreviewScope,
    limit: number,
    tx: Executor = db,
  ): Promise<{ ids: number[]; total: number }> {
    const ints = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
    const result = await tx.execute(sql`
      select d.id, count(*) over () as total
      from devices d join companies dc on dc.id = d.company_id
      where dc.path like (select path from companies where id = ${scope.companyId}) || '%'
        and (d.id = any(${ints(scope.deviceIds)})
          or exists (select 1 from device_tags dt
            where dt.device_id = d.id and dt.tag_id = any(${ints(scope.scope.tag_id)}))
          or exists (select 1 from companies sc
            where sc.id = any(${ints(scope.scope.company_id)}) and dc.path like sc.path || '%')
          or exists (select 1 from automation_devices ad
            where ad.automation_id = ${scope.automationId ?? 0} and ad.device_id = d.id
              and ad.assigned))
        and not exists (select 1 from automation_devices x where x.automation_id = ${
          scope.automationId ?? 0
        } and x.device_id = d.id and not x.enabled)
      order by d.id limit ${limit}`);
    const { rows } = result as unknown as { rows: { id: number; total: string | number }[] };
    return { ids: rows.map((row) => Number(row.id)), total: Number(rows[0]?.total ?? 0) };
  },

  /** Devices among `deviceIds` with more than PREVIEW_READINGS_PER_DEVICE readings of `category`. */
  async denseDevices(
    deviceIds: readonly number[],
    category: TelemetryCategory,
    since: Date,
    tx: Executor = db,
  ): Promise<Set<number>> {
    const rows = await tx
      .select({ deviceId: deviceTelemetry.deviceId, readings: count() })
      .from(deviceTelemetry)
      .where(
        and(
          inArray(deviceTelemetry.deviceId, [...deviceIds]),
          eq(deviceTelemetry.category, TELEMETRY_CATEGORIES.indexOf(category)),
          gte(deviceTelemetry.ts, since),
        ),
      )
      .groupBy(deviceTelemetry.deviceId)
      .having(sql`count(*) > ${PREVIEW_READINGS_PER_DEVICE}`);
    return new Set(rows.map((row) => row.deviceId));
  },

  /**
   * The readings of `category` since `since`, oldest first. `thinned` keeps the last reading of
   * each minute per device (so a busy device replays at most a reading a minute).
   */
  async readings(
    deviceIds: readonly number[],
    category: TelemetryCategory,
    since: Date,
    thinned: boolean,
    tx: Executor = db,
  ): Promise<ReplayReading[]> {
    if (deviceIds.length === 0) return [];
    const categoryId = TELEMETRY_CATEGORIES.indexOf(category);
    // No parameters in it: DISTINCT ON must repeat ORDER BY's expression exactly.
    const minute = sql`date_bin('60 seconds', ${deviceTelemetry.ts}, timestamptz '2000-01-01')`;
    const where = and(
      inArray(deviceTelemetry.deviceId, [...deviceIds]),
      eq(deviceTelemetry.category, categoryId),
      gte(deviceTelemetry.ts, since),
    );
    const rows = thinned
      ? await tx
          .selectDistinctOn([deviceTelemetry.deviceId, minute], {
            deviceId: deviceTelemetry.deviceId,
            ts: deviceTelemetry.ts,
            data: deviceTelemetry.data,
          })
          .from(deviceTelemetry)
          .where(where)
          .orderBy(deviceTelemetry.deviceId, minute, sql`${deviceTelemetry.ts} desc`)
      : await tx
          .select({
            deviceId: deviceTelemetry.deviceId,
            ts: deviceTelemetry.ts,
            data: deviceTelemetry.data,
          })
          .from(deviceTelemetry)
          .where(where)
          .orderBy(asc(deviceTelemetry.ts));
    return rows.map((row) => ({ ...row, category }));
  },

  async deviceNames(deviceIds: readonly number[], tx: Executor = db): Promise<Map<number, string>> {
    if (deviceIds.length === 0) return new Map();
    const rows = await tx
      .select({ id: devices.id, name: devices.name })
      .from(devices)
      .where(inArray(devices.id, [...deviceIds]));
    return new Map(rows.map((row) => [row.id, row.name]));
  },
});

export type PreviewRepository = ReturnType<typeof createPreviewRepository>;

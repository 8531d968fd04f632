import type { DeviceDashboardRange, DeviceDashboardWidget } from '@netfleet/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll } from '@/db/list';
import { companies, deviceDashboards, devices } from '@/db/schema';

export interface DashboardValues {
  name: string;
  description: string;
  range: DeviceDashboardRange;
  widgets: DeviceDashboardWidget[];
}

export const createDeviceDashboardsRepository = (db: Database) => ({
  /**
   * The device with its company, what it can show (capabilities, model and firmware) and its
   * latest IO reading, if the viewer sees it; `forUpdate` locks the device row so two creations at
   * once cannot both pass the per-device limit.
   */
  async device(viewer: Viewer, id: number, tx: Executor = db, forUpdate = false) {
    const query = tx
      .select({
        id: devices.id,
        companyId: devices.companyId,
        model: devices.model,
        firmware: devices.firmware,
        capabilities: devices.capabilities,
        io: sql<unknown>`${devices.info}->'io'`,
      })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(and(eq(devices.id, id), visibleCompaniesFilter(viewer)))
      .$dynamic();
    const [row] = await (forUpdate ? query.for('update', { of: devices }) : query);
    return row ?? null;
  },

  /** The device's dashboards, oldest first. */
  list(deviceId: number, tx: Executor = db) {
    return tx
      .select()
      .from(deviceDashboards)
      .where(eq(deviceDashboards.deviceId, deviceId))
      .orderBy(asc(deviceDashboards.id));
  },

  async count(deviceId: number, tx: Executor = db) {
    const [row] = await tx
      .select({ total: countAll })
      .from(deviceDashboards)
      .where(eq(deviceDashboards.deviceId, deviceId));
    return row?.total ?? 0;
  },

  async find(deviceId: number, id: number, tx: Executor = db, forUpdate = false) {
    const query = tx
      .select()
      .from(deviceDashboards)
      .where(and(eq(deviceDashboards.deviceId, deviceId), eq(deviceDashboards.id, id)))
      .$dynamic();
    const [row] = await (forUpdate ? query.for('update') : query);
    return row ?? null;
  },

  /** Whether another dashboard of the device has this name, whatever its case. */
  async nameTaken(deviceId: number, name: string, exceptId: number | null, tx: Executor = db) {
    const [row] = await tx
      .select({ id: deviceDashboards.id })
      .from(deviceDashboards)
      .where(
        and(
          eq(deviceDashboards.deviceId, deviceId),
          sql`lower(${deviceDashboards.name}) = lower(${name})`,
          exceptId === null ? undefined : ne(deviceDashboards.id, exceptId),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  async insert(
    values: DashboardValues & { deviceId: number; createdBy: number },
    tx: Executor = db,
  ) {
    const [row] = await tx.insert(deviceDashboards).values(values).returning();
    if (!row) throw new Error('dashboard insert returned nothing');
    return row;
  },

  async update(id: number, values: Partial<DashboardValues>, tx: Executor = db) {
    const [row] = await tx
      .update(deviceDashboards)
      .set(values)
      .where(eq(deviceDashboards.id, id))
      .returning();
    if (!row) throw new Error('dashboard update returned nothing');
    return row;
  },

  async remove(id: number, tx: Executor = db) {
    await tx.delete(deviceDashboards).where(eq(deviceDashboards.id, id));
  },
});

export type DeviceDashboardsRepository = ReturnType<typeof createDeviceDashboardsRepository>;
export type DeviceDashboardRow = Awaited<ReturnType<DeviceDashboardsRepository['list']>>[number];

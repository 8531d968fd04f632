import type { DeviceSeries } from '@netfleet/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { cappedTotal, type ListTotal, pageTotal } from '@/db/estimated-total';
import { companies, devices, deviceTags, tags } from '@/db/schema';
import { deviceColumns, devicesWithCompany } from './device-columns';

export interface NewDeviceRow {
  companyId: number;
  serial: string;
  mac: string | null;
  imei: string | null;
  name: string;
  description: string;
  deviceSeries: DeviceSeries;
  claimSecretHash: string;
}

export interface DeviceValues {
  name?: string;
  description?: string;
  userSetLatitude?: number | null;
  userSetLongitude?: number | null;
  dynamicMonitoring?: number;
  staticMonitoring?: number;
  hotspotMonitoring?: number;
  ioMonitoring?: number;
  gpsMonitoring?: number;
  wirelessMonitoring?: number;
  ddnsMonitoring?: number;
  vpnMonitoring?: number;
}

export interface DevicePage {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

export const createDevicesRepository = (db: Database) => {
  const selectDevices = (tx: Executor) =>
    tx.select(deviceColumns).from(devices).innerJoin(companies, devicesWithCompany);

  return {
    /** Ids of every company the viewer sees: the scope of list queries (deviceWhere). */
    async scopeOf(viewer: Viewer, tx: Executor = db) {
      const rows = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(visibleCompaniesFilter(viewer));
      return rows.map((row) => row.id);
    },

    /**
     * One page: the rows (tags included) and the total, side by side (on PostgreSQL they run on
     * two pooled connections). No join: the WHERE of deviceWhere reads only the devices table.
     */
    async list(page: DevicePage, tx: Executor = db) {
      const [rows, total] = await Promise.all([this.page(page, tx), this.total(page.where, tx)]);
      return pageTotal(rows, page, total);
    },

    /** The exact count up to LIST_EXACT_COUNT_LIMIT devices, past it an estimate (cappedTotal). */
    async total(where: SQL | undefined, tx: Executor = db): Promise<ListTotal> {
      return cappedTotal(
        tx,
        tx
          .select({ one: sql`1` })
          .from(devices)
          .where(where),
      );
    },

    /** Rows only, for the CSV export's pages. */
    async page({ where, orderBy, limit, offset }: DevicePage, tx: Executor = db) {
      return tx
        .select(deviceColumns)
        .from(devices)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset);
    },

    /** The device if its company is one the viewer sees, else null. */
    async find(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await selectDevices(tx).where(
        and(eq(devices.id, id), visibleCompaniesFilter(viewer)),
      );
      return row ?? null;
    },

    /** Id, company, status and enrolment of the listed devices the viewer sees (bulk operations). */
    async findVisible(viewer: Viewer, ids: number[], tx: Executor = db) {
      if (!ids.length) return [];
      return tx
        .select({
          id: devices.id,
          companyId: devices.companyId,
          serial: devices.serial,
          status: devices.status,
          enrolled: sql<boolean>`${devices.credentialHash} is not null`,
        })
        .from(devices)
        .innerJoin(companies, devicesWithCompany)
        .where(and(inArray(devices.id, ids), visibleCompaniesFilter(viewer)));
    },

    /** Which of `ids` are companies the viewer sees. */
    async visibleCompanyIds(viewer: Viewer, ids: number[], tx: Executor = db) {
      if (!ids.length) return new Set<number>();
      const rows = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(and(inArray(companies.id, ids), visibleCompaniesFilter(viewer)));
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Adds the devices in one statement. A serial already in the company (or twice in the batch)
     * is skipped by the (company, serial) unique index and comes back missing from the result.
     */
    async insertMany(rows: NewDeviceRow[], tx: Executor = db) {
      if (!rows.length) return [];
      return tx
        .insert(devices)
        .values(rows.map((row) => ({ ...row, status: 2 })))
        .onConflictDoNothing({ target: [devices.companyId, devices.serial] })
        .returning({ id: devices.id, companyId: devices.companyId, serial: devices.serial });
    },

    async update(id: number, values: DeviceValues, tx: Executor = db) {
      if (Object.keys(values).length)
        await tx.update(devices).set(values).where(eq(devices.id, id));
    },

    /** A new claim secret; a device that had enrolled must enrol again with it. */
    async resetClaim(id: number, claimSecretHash: string, tx: Executor = db) {
      await tx
        .update(devices)
        .set({ claimSecretHash, credentialHash: null, enrolledAt: null, status: 2 })
        .where(eq(devices.id, id));
    },

    async remove(ids: number[], tx: Executor = db) {
      if (!ids.length) return;
      await tx.delete(devices).where(inArray(devices.id, ids));
    },

    /**
     * Moves one device, with its tags of the old company removed (tags never cross companies).
     * A device of the same serial in the target company makes the unique index refuse the move.
     */
    async move(id: number, companyId: number) {
      await db.transaction(async (tx) => {
        await tx.update(devices).set({ companyId }).where(eq(devices.id, id));
        await tx
          .delete(deviceTags)
          .where(
            and(
              eq(deviceTags.deviceId, id),
              sql`${deviceTags.tagId} not in (select ${tags.id} from ${tags} where ${tags.companyId} = ${companyId})`,
            ),
          );
      });
    },
  };
};

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
export type DeviceRow = Awaited<ReturnType<DevicesRepository['list']>>['rows'][number];

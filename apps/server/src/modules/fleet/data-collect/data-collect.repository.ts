import { type DataCollectEndpoint, OPEN_DEVICE_JOB_STATES } from '@netfleet/contracts';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll, searchFilter } from '@/db/list';
import {
  companies,
  dataCollectAssignments,
  dataCollectConfigs,
  dataCollectLogs,
  dataCollectValues,
  deviceJobs,
  devices,
} from '@/db/schema';

const configColumns = {
  id: dataCollectConfigs.id,
  companyId: dataCollectConfigs.companyId,
  companyName: companies.name,
  companyPath: companies.path,
  name: dataCollectConfigs.name,
  description: dataCollectConfigs.description,
  apiSystem: dataCollectConfigs.apiSystem,
  apiVersion: dataCollectConfigs.apiVersion,
  documentationId: dataCollectConfigs.documentationId,
  period: dataCollectConfigs.period,
  enabled: dataCollectConfigs.enabled,
  endpoints: dataCollectConfigs.endpoints,
  version: dataCollectConfigs.version,
  createdAt: dataCollectConfigs.createdAt,
  updatedAt: dataCollectConfigs.updatedAt,
  deviceCount: sql<number>`(select cast(count(*) as integer) from ${dataCollectAssignments}
    where ${dataCollectAssignments.configId} = ${dataCollectConfigs.id})`,
};
export type DataCollectConfigRow = NonNullable<Awaited<ReturnType<DataCollectRepository['find']>>>;

export interface DataCollectConfigValues {
  name: string;
  description: string | null;
  apiSystem: string | null;
  apiVersion: string;
  documentationId: number;
  period: number;
  enabled: boolean;
  endpoints: DataCollectEndpoint[];
}

export interface AssignmentValues {
  configId: number;
  deviceId: number;
  period: number;
  enabled: boolean;
}

interface Page {
  limit: number;
  offset: number;
}

const visibleDevice = (viewer: Viewer) =>
  and(eq(companies.id, devices.companyId), visibleCompaniesFilter(viewer));

/** Data-collect configs, assignments and what devices collected; only this file touches them. */
export const createDataCollectRepository = (db: Database) => {
  const selectConfigs = (tx: Executor) =>
    tx
      .select(configColumns)
      .from(dataCollectConfigs)
      .innerJoin(companies, eq(companies.id, dataCollectConfigs.companyId));

  return {
    async list(viewer: Viewer, query: Page & { q?: string | undefined }, tx: Executor = db) {
      const where = and(
        visibleCompaniesFilter(viewer),
        query.q ? searchFilter(query.q, undefined, { name: dataCollectConfigs.name }) : undefined,
      );
      const rows = await selectConfigs(tx)
        .where(where)
        .orderBy(asc(dataCollectConfigs.name), asc(dataCollectConfigs.id))
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(dataCollectConfigs)
        .innerJoin(companies, eq(companies.id, dataCollectConfigs.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    async find(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await selectConfigs(tx).where(
        and(eq(dataCollectConfigs.id, id), visibleCompaniesFilter(viewer)),
      );
      return row ?? null;
    },

    async insert(
      values: DataCollectConfigValues & { companyId: number; createdBy: number },
      tx: Executor = db,
    ) {
      const [row] = await tx
        .insert(dataCollectConfigs)
        .values(values)
        .returning({ id: dataCollectConfigs.id });
      if (!row) throw new Error('data collect config insert returned nothing');
      return row.id;
    },

    async update(
      id: number,
      values: DataCollectConfigValues & { companyId: number },
      tx: Executor = db,
    ) {
      await tx
        .update(dataCollectConfigs)
        .set({ ...values, version: sql`${dataCollectConfigs.version} + 1` })
        .where(eq(dataCollectConfigs.id, id));
    },

    async remove(id: number, tx: Executor = db) {
      await tx.delete(dataCollectConfigs).where(eq(dataCollectConfigs.id, id));
    },

    /** The ids among `ids` of devices the viewer sees. */
    async visibleDeviceIds(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return new Set<number>();
      const rows = await tx
        .select({ id: devices.id })
        .from(devices)
        .innerJoin(companies, visibleDevice(viewer))
        .where(inArray(devices.id, [...ids]));
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Locks the devices' rows for the transaction: two changes to the same devices' sets take
     * turns, so the set read last is the job stored last.
     */
    async lockDevices(ids: readonly number[], tx: Executor) {
      if (ids.length === 0) return;
      await tx
        .select({ id: devices.id })
        .from(devices)
        .where(inArray(devices.id, [...ids]))
        .orderBy(asc(devices.id))
        .for('update');
    },

    /** The ids among `ids` of devices in the company at `companyPath` or below it. */
    async devicesUnder(companyPath: string, ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return new Set<number>();
      const rows = await tx
        .select({ id: devices.id })
        .from(devices)
        .innerJoin(companies, eq(companies.id, devices.companyId))
        .where(
          and(inArray(devices.id, [...ids]), sql`${companies.path} like ${companyPath} || '%'`),
        );
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Of `ids`, the devices whose newest `collect_config` job expired before it reached them (a
     * device away longer than a job waits): they are owed their set.
     */
    async expiredSets(ids: readonly number[], at: Date, tx: Executor = db) {
      if (ids.length === 0) return [];
      const rows = await tx
        .selectDistinctOn([deviceJobs.deviceId], {
          deviceId: deviceJobs.deviceId,
          status: deviceJobs.status,
          expiresAt: deviceJobs.expiresAt,
        })
        .from(deviceJobs)
        .where(and(inArray(deviceJobs.deviceId, [...ids]), eq(deviceJobs.type, 'collect_config')))
        .orderBy(deviceJobs.deviceId, desc(deviceJobs.id));
      const open: readonly string[] = OPEN_DEVICE_JOB_STATES;
      return rows
        .filter(
          (row) => row.status === 'timeout' || (open.includes(row.status) && row.expiresAt <= at),
        )
        .map((row) => row.deviceId);
    },

    /** Every device's assignments (enabled or not), with the config they collect. */
    async assignmentsOf(deviceIds: readonly number[], tx: Executor = db) {
      if (deviceIds.length === 0) return [];
      return tx
        .select({
          deviceId: dataCollectAssignments.deviceId,
          configId: dataCollectAssignments.configId,
          period: dataCollectAssignments.period,
          enabled: dataCollectAssignments.enabled,
          configEnabled: dataCollectConfigs.enabled,
          endpoints: dataCollectConfigs.endpoints,
        })
        .from(dataCollectAssignments)
        .innerJoin(dataCollectConfigs, eq(dataCollectConfigs.id, dataCollectAssignments.configId))
        .where(inArray(dataCollectAssignments.deviceId, [...deviceIds]))
        .orderBy(asc(dataCollectAssignments.deviceId), asc(dataCollectAssignments.configId));
    },

    async devicesOf(configId: number, tx: Executor = db) {
      const rows = await tx
        .select({ deviceId: dataCollectAssignments.deviceId })
        .from(dataCollectAssignments)
        .where(eq(dataCollectAssignments.configId, configId));
      return rows.map((row) => row.deviceId);
    },

    async upsertAssignments(rows: readonly AssignmentValues[], tx: Executor = db) {
      if (rows.length === 0) return;
      await tx
        .insert(dataCollectAssignments)
        .values([...rows])
        .onConflictDoUpdate({
          target: [dataCollectAssignments.configId, dataCollectAssignments.deviceId],
          set: {
            period: sql`excluded.period`,
            enabled: sql`excluded.enabled`,
            updatedAt: sql`now()`,
          },
        });
    },

    async removeAssignments(configId: number, deviceIds: readonly number[], tx: Executor = db) {
      if (deviceIds.length === 0) return;
      await tx
        .delete(dataCollectAssignments)
        .where(
          and(
            eq(dataCollectAssignments.configId, configId),
            inArray(dataCollectAssignments.deviceId, [...deviceIds]),
          ),
        );
    },

    async listAssigned(
      viewer: Viewer,
      query: Page & { deviceId?: number | undefined; configId?: number | undefined },
      tx: Executor = db,
    ) {
      const where = and(
        query.deviceId ? eq(dataCollectAssignments.deviceId, query.deviceId) : undefined,
        query.configId ? eq(dataCollectAssignments.configId, query.configId) : undefined,
      );
      const base = () =>
        tx
          .select({
            companyId: devices.companyId,
            deviceId: dataCollectAssignments.deviceId,
            configId: dataCollectAssignments.configId,
            enabled: dataCollectAssignments.enabled,
            period: dataCollectAssignments.period,
            lastCollectedAt: dataCollectAssignments.lastCollectedAt,
            configName: dataCollectConfigs.name,
            configDescription: dataCollectConfigs.description,
            endpoints: dataCollectConfigs.endpoints,
            deviceName: devices.name,
            deviceDescription: devices.description,
          })
          .from(dataCollectAssignments)
          .innerJoin(devices, eq(devices.id, dataCollectAssignments.deviceId))
          .innerJoin(companies, visibleDevice(viewer))
          .innerJoin(
            dataCollectConfigs,
            eq(dataCollectConfigs.id, dataCollectAssignments.configId),
          );
      const rows = await base()
        .where(where)
        .orderBy(
          asc(devices.name),
          asc(dataCollectAssignments.deviceId),
          asc(dataCollectConfigs.id),
        )
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(dataCollectAssignments)
        .innerJoin(devices, eq(devices.id, dataCollectAssignments.deviceId))
        .innerJoin(companies, visibleDevice(viewer))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    async listLogs(
      viewer: Viewer,
      query: Page & { deviceId?: number | undefined; configId?: number | undefined },
      tx: Executor = db,
    ) {
      const where = and(
        query.deviceId ? eq(dataCollectLogs.deviceId, query.deviceId) : undefined,
        query.configId ? eq(dataCollectLogs.configId, query.configId) : undefined,
      );
      const rows = await tx
        .select({
          deviceId: dataCollectLogs.deviceId,
          deviceName: devices.name,
          configId: dataCollectLogs.configId,
          lines: dataCollectLogs.lines,
          collectedAt: dataCollectLogs.collectedAt,
        })
        .from(dataCollectLogs)
        .innerJoin(devices, eq(devices.id, dataCollectLogs.deviceId))
        .innerJoin(companies, visibleDevice(viewer))
        .where(where)
        .orderBy(desc(dataCollectLogs.collectedAt), desc(dataCollectLogs.id))
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(dataCollectLogs)
        .innerJoin(devices, eq(devices.id, dataCollectLogs.deviceId))
        .innerJoin(companies, visibleDevice(viewer))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** A device's collected runs in [from, to], newest first (the caller checked the device). */
    async customData(
      deviceId: number,
      query: Page & { from: Date; to: Date; configId?: number | undefined },
      tx: Executor = db,
    ) {
      const where = and(
        eq(dataCollectValues.deviceId, deviceId),
        gte(dataCollectValues.collectedAt, query.from),
        lte(dataCollectValues.collectedAt, query.to),
        query.configId ? eq(dataCollectValues.configId, query.configId) : undefined,
      );
      const rows = await tx
        .select({
          configId: dataCollectValues.configId,
          data: dataCollectValues.data,
          collectedAt: dataCollectValues.collectedAt,
        })
        .from(dataCollectValues)
        .where(where)
        .orderBy(desc(dataCollectValues.collectedAt), desc(dataCollectValues.id))
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx.select({ total: countAll }).from(dataCollectValues).where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /**
     * The latest value of one variable on each device the viewer sees, grouped: value → devices.
     * SQL picks each device's newest run (DISTINCT ON) and counts.
     */
    async latestValueCounts(
      viewer: Viewer,
      field: { configId: number; url: string; variable: string },
      limit: number,
      tx: Executor = db,
    ) {
      const value = sql<
        string | null
      >`${dataCollectValues.data} -> ${field.url} ->> ${field.variable}`;
      const latest = tx
        .selectDistinctOn([dataCollectValues.deviceId], { value: value.as('value') })
        .from(dataCollectValues)
        .innerJoin(devices, eq(devices.id, dataCollectValues.deviceId))
        .innerJoin(companies, visibleDevice(viewer))
        .where(eq(dataCollectValues.configId, field.configId))
        .orderBy(dataCollectValues.deviceId, desc(dataCollectValues.collectedAt))
        .as('latest');
      return tx
        .select({ value: latest.value, devices: countAll })
        .from(latest)
        .where(sql`${latest.value} is not null`)
        .groupBy(latest.value)
        .orderBy(desc(countAll), asc(latest.value))
        .limit(limit);
    },
  };
};

export type DataCollectRepository = ReturnType<typeof createDataCollectRepository>;

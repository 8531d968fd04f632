import { OPEN_DEVICE_JOB_STATES } from '@netfleet/contracts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { containsPattern, countAll } from '@/db/list';
import {
  alertTokens,
  companies,
  deviceAlertConfigs,
  deviceJobs,
  devices,
  emailConfigurations,
} from '@/db/schema';

interface Page {
  limit: number;
  offset: number;
}

export interface ConfigFilters extends Page {
  companyId?: number | undefined;
  userId?: number | undefined;
  deviceId?: number | undefined;
  typeId?: number | undefined;
  q?: string | undefined;
}

export type DeviceAlertConfigValues = typeof deviceAlertConfigs.$inferInsert;
export type DeviceAlertConfigRow = typeof deviceAlertConfigs.$inferSelect;

const contains = (column: SQL, q: string) => sql`${column} ilike ${containsPattern(q)}`;

/** Device alert configs and alert tokens (their events: alert-history.repository.ts). */
export const createDeviceAlertsRepository = (db: Database) => {
  const configsWhere = (viewer: Viewer, filters: Omit<ConfigFilters, keyof Page>) =>
    and(
      visibleCompaniesFilter(viewer),
      filters.companyId ? eq(deviceAlertConfigs.companyId, filters.companyId) : undefined,
      filters.userId ? eq(deviceAlertConfigs.userId, filters.userId) : undefined,
      filters.deviceId ? eq(deviceAlertConfigs.deviceId, filters.deviceId) : undefined,
      filters.typeId !== undefined ? eq(deviceAlertConfigs.alertTypeId, filters.typeId) : undefined,
      filters.q
        ? sql`(${contains(sql`${deviceAlertConfigs.message}`, filters.q)} or ${contains(
            sql`${deviceAlertConfigs.subject}`,
            filters.q,
          )})`
        : undefined,
    );

  return {
    async addToken(userId: number, token: string, tx: Executor = db) {
      await tx.insert(alertTokens).values({ userId, token }).onConflictDoNothing();
    },

    async listConfigs(viewer: Viewer, filters: ConfigFilters, tx: Executor = db) {
      const where = configsWhere(viewer, filters);
      const rows = await tx
        .select({ config: deviceAlertConfigs })
        .from(deviceAlertConfigs)
        .innerJoin(companies, eq(companies.id, deviceAlertConfigs.companyId))
        .where(where)
        .orderBy(asc(deviceAlertConfigs.id))
        .limit(filters.limit)
        .offset(filters.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(deviceAlertConfigs)
        .innerJoin(companies, eq(companies.id, deviceAlertConfigs.companyId))
        .where(where);
      return { rows: rows.map((row) => row.config), total: count?.total ?? 0 };
    },

    async findConfig(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ config: deviceAlertConfigs })
        .from(deviceAlertConfigs)
        .innerJoin(companies, eq(companies.id, deviceAlertConfigs.companyId))
        .where(and(eq(deviceAlertConfigs.id, id), visibleCompaniesFilter(viewer)));
      return row?.config ?? null;
    },

    /** The visible devices among `ids`, with their company. */
    async visibleDevices(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return new Map<number, number>();
      const rows = await tx
        .select({ id: devices.id, companyId: devices.companyId })
        .from(devices)
        .innerJoin(
          companies,
          and(eq(companies.id, devices.companyId), visibleCompaniesFilter(viewer)),
        )
        .where(inArray(devices.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.companyId]));
    },

    async smtpVisible(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: emailConfigurations.id })
        .from(emailConfigurations)
        .innerJoin(companies, eq(companies.id, emailConfigurations.companyId))
        .where(and(eq(emailConfigurations.id, id), visibleCompaniesFilter(viewer)));
      return row !== undefined;
    },

    /** Two changes to the same devices' sets take turns: the set read last is the job stored last. */
    async lockDevices(ids: readonly number[], tx: Executor) {
      if (ids.length === 0) return;
      await tx
        .select({ id: devices.id })
        .from(devices)
        .where(inArray(devices.id, [...ids]))
        .orderBy(asc(devices.id))
        .for('update');
    },

    async insertConfigs(rows: readonly DeviceAlertConfigValues[], tx: Executor = db) {
      if (rows.length === 0) return [];
      return tx
        .insert(deviceAlertConfigs)
        .values([...rows])
        .returning({ id: deviceAlertConfigs.id });
    },

    async updateConfig(id: number, values: Partial<DeviceAlertConfigValues>, tx: Executor = db) {
      await tx
        .update(deviceAlertConfigs)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(deviceAlertConfigs.id, id));
    },

    async removeConfig(id: number, tx: Executor = db) {
      await tx.delete(deviceAlertConfigs).where(eq(deviceAlertConfigs.id, id));
    },

    /** Every config of the devices (enabled or not), oldest first. */
    async configsOf(deviceIds: readonly number[], tx: Executor = db) {
      if (deviceIds.length === 0) return [];
      return tx
        .select()
        .from(deviceAlertConfigs)
        .where(inArray(deviceAlertConfigs.deviceId, [...deviceIds]))
        .orderBy(asc(deviceAlertConfigs.deviceId), asc(deviceAlertConfigs.id));
    },

    async setVersion(deviceId: number, version: number, tx: Executor) {
      await tx
        .update(deviceAlertConfigs)
        .set({ setVersion: version })
        .where(eq(deviceAlertConfigs.deviceId, deviceId));
    },

    /** Of `ids`, the devices whose newest `alerts_config` job expired before it reached them. */
    async expiredSets(ids: readonly number[], at: Date, tx: Executor = db) {
      if (ids.length === 0) return [];
      const rows = await tx
        .selectDistinctOn([deviceJobs.deviceId], {
          deviceId: deviceJobs.deviceId,
          status: deviceJobs.status,
          expiresAt: deviceJobs.expiresAt,
        })
        .from(deviceJobs)
        .where(and(inArray(deviceJobs.deviceId, [...ids]), eq(deviceJobs.type, 'alerts_config')))
        .orderBy(deviceJobs.deviceId, desc(deviceJobs.id));
      const open: readonly string[] = OPEN_DEVICE_JOB_STATES;
      return rows
        .filter(
          (row) => row.status === 'timeout' || (open.includes(row.status) && row.expiresAt <= at),
        )
        .map((row) => row.deviceId);
    },
  };
};

export type DeviceAlertsRepository = ReturnType<typeof createDeviceAlertsRepository>;

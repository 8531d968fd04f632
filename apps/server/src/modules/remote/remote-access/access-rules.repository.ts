import type { AccessProtocol } from '@netfleet/contracts';
import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, devices, remoteAccessRules as rules, remoteSessions } from '@/db/schema';

/** Sessions of the rule still open at `now`: one correlated count on remote_sessions(access_id). */
const activeSessionsOf = (now: Date) =>
  sql<number>`(select cast(count(*) as integer) from ${remoteSessions} where ${and(
    eq(remoteSessions.accessId, rules.id),
    isNull(remoteSessions.endedAt),
    gt(remoteSessions.expiresAt, now),
  )})`;

const ruleColumns = (now: Date) => ({
  id: rules.id,
  deviceId: rules.deviceId,
  name: rules.name,
  destinationIp: rules.destinationIp,
  destinationPort: rules.destinationPort,
  protocol: rules.protocol,
  credentialsRequired: rules.credentialsRequired,
  sharedWith: rules.sharedWith,
  createdAt: rules.createdAt,
  deviceName: devices.name,
  deviceDescription: devices.description,
  deviceStatus: devices.status,
  companyId: devices.companyId,
  companyName: companies.name,
  activeSessions: activeSessionsOf(now),
});

const SORTABLE = {
  id: rules.id,
  name: rules.name,
  device_id: rules.deviceId,
  device_name: devices.name,
  destination_ip: rules.destinationIp,
  destination_port: rules.destinationPort,
  protocol: rules.protocol,
  company_name: companies.name,
  created_at: rules.createdAt,
};

const SEARCHABLE = {
  name: rules.name,
  destination_ip: rules.destinationIp,
  device_name: devices.name,
};

export interface AccessRuleListFilter {
  ids?: number[] | undefined;
  deviceIds?: number[] | undefined;
  companyId?: number | undefined;
  q?: string | undefined;
  searchFields?: string[] | undefined;
  sort?: string | undefined;
  limit: number;
  offset: number;
}

export interface AccessRuleValues {
  companyId: number;
  deviceId: number;
  name: string;
  destinationIp: string;
  destinationPort: number;
  protocol: AccessProtocol;
  credentialsRequired: boolean;
  sharedWith: number[];
  createdBy: number;
}

/**
 * Access rules, always through their device: a rule is visible when its device's company is, so a
 * device moved to another company takes its rules along.
 */
export const createAccessRulesRepository = (db: Database) => {
  const selectRules = (tx: Executor, now: Date) =>
    tx
      .select(ruleColumns(now))
      .from(rules)
      .innerJoin(devices, eq(devices.id, rules.deviceId))
      .innerJoin(companies, eq(companies.id, devices.companyId));

  return {
    async list(viewer: Viewer, filter: AccessRuleListFilter, now: Date, tx: Executor = db) {
      const filters: (SQL | undefined)[] = [visibleCompaniesFilter(viewer)];
      if (filter.ids?.length) filters.push(inArray(rules.id, filter.ids));
      if (filter.deviceIds?.length) filters.push(inArray(rules.deviceId, filter.deviceIds));
      if (filter.companyId) filters.push(eq(devices.companyId, filter.companyId));
      if (filter.q) filters.push(searchFilter(filter.q, filter.searchFields, SEARCHABLE));
      const where = and(...filters);
      // The id tie-breaker keeps pages stable when many rows share a sort value.
      const orderBy = [...orderByFrom(filter.sort, SORTABLE, [asc(rules.id)]), asc(rules.id)];
      const rows = await selectRules(tx, now)
        .where(where)
        .orderBy(...orderBy)
        .limit(filter.limit)
        .offset(filter.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(rules)
        .innerJoin(devices, eq(devices.id, rules.deviceId))
        .innerJoin(companies, eq(companies.id, devices.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** The viewer's rules among `ids`. */
    async findMany(viewer: Viewer, ids: readonly number[], now: Date, tx: Executor = db) {
      if (ids.length === 0) return [];
      return selectRules(tx, now).where(
        and(inArray(rules.id, [...ids]), visibleCompaniesFilter(viewer)),
      );
    },

    /** The rule if its device's company is one the viewer sees, else null. */
    async find(viewer: Viewer, id: number, now: Date, tx: Executor = db) {
      const [row] = await selectRules(tx, now).where(
        and(eq(rules.id, id), visibleCompaniesFilter(viewer)),
      );
      return row ?? null;
    },

    async insertMany(values: AccessRuleValues[], tx: Executor = db) {
      const rows = await tx.insert(rules).values(values).returning({ id: rules.id });
      return rows.map((row) => row.id);
    },

    async update(id: number, values: Partial<AccessRuleValues>, tx: Executor = db) {
      await tx.update(rules).set(values).where(eq(rules.id, id));
    },

    async removeMany(ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return;
      await tx.delete(rules).where(inArray(rules.id, [...ids]));
    },
  };
};

export type AccessRulesRepository = ReturnType<typeof createAccessRulesRepository>;
export type AccessRuleRow = NonNullable<Awaited<ReturnType<AccessRulesRepository['find']>>>;

import type { AutomationListQuery, ConditionsBody } from '@netfleet/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { automationRevisions, automations, automationScopes, companies } from '@/db/schema';
import { AUTOMATION_SCOPE_KINDS, coveredDevice, enabledFor } from './automation-coverage';

/** Devices a rule covers (or of them, those not switched off), counted in SQL per row. */
const coveredCount = (activeOnly: boolean) => {
  const covered = coveredDevice({
    automationId: automations.id,
    rulePath: companies.path,
    deviceId: sql`d.id`,
    devicePath: sql`dc.path`,
  });
  const active = activeOnly ? sql` and ${enabledFor(automations.id, sql`d.id`)}` : sql``;
  return sql<number>`(select cast(count(*) as integer) from devices d
    join companies dc on dc.id = d.company_id where ${covered}${active})`;
};

const columns = {
  id: automations.id,
  companyId: automations.companyId,
  companyPath: companies.path,
  userId: automations.userId,
  name: automations.name,
  description: automations.description,
  enabled: automations.enabled,
  cooldownEnabled: automations.cooldownEnabled,
  cooldownDuration: automations.cooldownDuration,
  delayEnabled: automations.delayEnabled,
  delayDuration: automations.delayDuration,
  delayRepetitionsCount: automations.delayRepetitionsCount,
  periodTriggerLimit: automations.periodTriggerLimit,
  renotifyInterval: automations.renotifyInterval,
  conditionsBody: automations.conditionsBody,
  dataGroup: automations.dataGroup,
  automationVersion: automations.automationVersion,
  conditionsBodyVersion: automations.conditionsBodyVersion,
  totalTriggeredCount: automations.totalTriggeredCount,
  periodTriggeredCount: automations.periodTriggeredCount,
  periodLatestReset: automations.periodLatestReset,
  createdAt: automations.createdAt,
  devicesCount: coveredCount(false),
  activeDevicesCount: coveredCount(true),
};
export type AutomationRow = NonNullable<Awaited<ReturnType<AutomationsRepository['find']>>>;

const SORTABLE = {
  id: automations.id,
  name: automations.name,
  description: automations.description,
  company_id: automations.companyId,
  enabled: automations.enabled,
  data_group: automations.dataGroup,
  created_at: automations.createdAt,
  total_triggered_count: automations.totalTriggeredCount,
  period_triggered_count: automations.periodTriggeredCount,
  period_latest_reset: automations.periodLatestReset,
};

export interface AutomationValues {
  name: string;
  description: string;
  companyId: number;
  enabled: boolean;
  cooldownEnabled: boolean;
  cooldownDuration: number;
  delayEnabled: boolean;
  delayDuration: number;
  delayRepetitionsCount: number;
  renotifyInterval: number;
  /** Absent: unchanged on update, none on create. */
  periodTriggerLimit?: number | null;
  conditionsBody: ConditionsBody;
  dataGroup: string;
}

export interface ScopeValues {
  tagIds: readonly number[];
  companyIds: readonly number[];
}

interface Page {
  limit: number;
  offset: number;
  sort?: string | undefined;
}

/** Automations (RMS rules), their scopes and revisions; only this file writes them. */
export const createAutomationsRepository = (db: Database) => {
  const select = (tx: Executor) =>
    tx
      .select(columns)
      .from(automations)
      .innerJoin(companies, eq(companies.id, automations.companyId));

  const page = async (where: SQL | undefined, query: Page, tx: Executor) => {
    const rows = await select(tx)
      .where(where)
      .orderBy(...orderByFrom(query.sort, SORTABLE, [asc(automations.name)]), asc(automations.id))
      .limit(query.limit)
      .offset(query.offset);
    const [count] = await tx
      .select({ total: countAll })
      .from(automations)
      .innerJoin(companies, eq(companies.id, automations.companyId))
      .where(where);
    return { rows, total: count?.total ?? 0 };
  };

  const replaceScopes = async (id: number, scope: ScopeValues, tx: Executor) => {
    await tx.delete(automationScopes).where(eq(automationScopes.automationId, id));
    const rows = [
      ...scope.tagIds.map((targetId) => ({ kind: AUTOMATION_SCOPE_KINDS.tag, targetId })),
      ...scope.companyIds.map((targetId) => ({ kind: AUTOMATION_SCOPE_KINDS.company, targetId })),
    ];
    if (rows.length)
      await tx
        .insert(automationScopes)
        .values(rows.map((row) => ({ ...row, automationId: id })))
        .onConflictDoNothing();
  };

  return {
    /** Route 1: the rules of the companies the viewer sees. */
    async list(viewer: Viewer, query: AutomationListQuery, tx: Executor = db) {
      const where = and(
        visibleCompaniesFilter(viewer),
        query.company_id ? eq(automations.companyId, query.company_id) : undefined,
        query.id?.length ? inArray(automations.id, query.id) : undefined,
        query.q
          ? searchFilter(query.q, query['search-fields'], {
              name: automations.name,
              description: automations.description,
            })
          : undefined,
      );
      return page(where, query, tx);
    },

    /** Route 6: the viewer's rules that cover the device (its id and company path). */
    async listForDevice(
      viewer: Viewer,
      device: { id: number; path: string },
      query: Page,
      tx: Executor = db,
    ) {
      const where = and(
        visibleCompaniesFilter(viewer),
        coveredDevice({
          automationId: automations.id,
          rulePath: companies.path,
          deviceId: device.id,
          devicePath: device.path,
        }),
      );
      return page(where, query, tx);
    },

    /** The rule if its company is one the viewer sees, else null. */
    async find(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await select(tx).where(
        and(eq(automations.id, id), visibleCompaniesFilter(viewer)),
      );
      return row ?? null;
    },

    /** Of `ids`, the rules the viewer sees, with their company paths. */
    async findMany(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .select({ id: automations.id, companyPath: companies.path })
        .from(automations)
        .innerJoin(companies, eq(companies.id, automations.companyId))
        .where(and(inArray(automations.id, [...ids]), visibleCompaniesFilter(viewer)));
    },

    /** The scope tags and companies of each rule. */
    async scopesOf(ids: readonly number[], tx: Executor = db) {
      const scopes = new Map(
        ids.map((id) => [id, { tag_id: [] as number[], company_id: [] as number[] }]),
      );
      if (ids.length === 0) return scopes;
      const rows = await tx
        .select()
        .from(automationScopes)
        .where(inArray(automationScopes.automationId, [...ids]))
        .orderBy(asc(automationScopes.kind), asc(automationScopes.targetId));
      for (const row of rows) {
        const scope = scopes.get(row.automationId);
        if (row.kind === AUTOMATION_SCOPE_KINDS.tag) scope?.tag_id.push(row.targetId);
        else scope?.company_id.push(row.targetId);
      }
      return scopes;
    },

    /** A new rule with its scope and revision 1. */
    async insert(values: AutomationValues & { userId: number }, scope: ScopeValues, tx: Executor) {
      const [row] = await tx.insert(automations).values(values).returning({ id: automations.id });
      if (!row) throw new Error('automation insert returned nothing');
      await replaceScopes(row.id, scope, tx);
      await tx
        .insert(automationRevisions)
        .values({ automationId: row.id, version: 1, conditionsBody: values.conditionsBody });
      return row.id;
    },

    /**
     * Changes a rule: automation_version always goes up; a changed body gets the next
     * conditions_body_version and its revision row; a given scope replaces the old one.
     */
    async update(
      id: number,
      values: Partial<AutomationValues>,
      change: { bodyChanged: boolean; scope?: ScopeValues | undefined },
      tx: Executor,
    ) {
      const [row] = await tx
        .update(automations)
        .set({
          ...values,
          automationVersion: sql`${automations.automationVersion} + 1`,
          ...(change.bodyChanged
            ? { conditionsBodyVersion: sql`${automations.conditionsBodyVersion} + 1` }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(automations.id, id))
        .returning({
          version: automations.conditionsBodyVersion,
          body: automations.conditionsBody,
        });
      if (row && change.bodyChanged)
        await tx
          .insert(automationRevisions)
          .values({ automationId: id, version: row.version, conditionsBody: row.body })
          .onConflictDoNothing();
      if (change.scope) await replaceScopes(id, change.scope, tx);
    },

    async setEnabled(ids: readonly number[], enabled: boolean, tx: Executor = db) {
      if (ids.length === 0) return;
      await tx
        .update(automations)
        .set({ enabled, updatedAt: new Date() })
        .where(inArray(automations.id, [...ids]));
    },

    /** Deletes the rule; its scopes, devices, revisions and open alerts go with it (cascade). */
    async remove(id: number, tx: Executor = db) {
      await tx.delete(automations).where(eq(automations.id, id));
    },
  };
};

export type AutomationsRepository = ReturnType<typeof createAutomationsRepository>;

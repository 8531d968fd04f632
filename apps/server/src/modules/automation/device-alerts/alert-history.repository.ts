import type { DeviceAlertSource } from '@netfleet/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { containsPattern, countAll } from '@/db/list';
import { alertEvents, automations, companies } from '@/db/schema';

export interface AlertFilters {
  limit: number;
  offset: number;
  ids?: readonly number[] | undefined;
  companyId?: number | undefined;
  configId?: number | undefined;
  deviceId?: number | undefined;
  typeId?: number | undefined;
  q?: string | undefined;
  source?: DeviceAlertSource | undefined;
  automationId?: number | undefined;
}

/** The automation's company: a rule of a company the caller cannot see keeps its name hidden. */
const ruleCompanies = alias(companies, 'rule_companies');

const columns = {
  id: alertEvents.id,
  companyId: alertEvents.companyId,
  deviceId: alertEvents.deviceId,
  alertsConfigId: alertEvents.alertsConfigId,
  message: alertEvents.message,
  alertTypeId: alertEvents.alertTypeId,
  alertSubtypeId: alertEvents.alertSubtypeId,
  createdAt: alertEvents.createdAt,
  source: alertEvents.source,
  kind: alertEvents.kind,
  automationId: alertEvents.automationId,
  // The join below finds the rule's company only when the caller may see it.
  automationName: sql<
    string | null
  >`case when ${ruleCompanies.id} is not null then ${automations.name} end`,
  evaluatedParameters: alertEvents.evaluatedParameters,
  reason: alertEvents.reason,
};
export type AlertHistoryRow = Awaited<
  ReturnType<AlertHistoryRepository['listAlerts']>
>['rows'][number];

/**
 * The alert history (RMS GET /alerts): alert_events of both sources, the devices' own alerts and
 * the automations' fires, resolves and events, in the caller's companies. Every filter, the order
 * and the page are SQL; `alert_events_device_idx (device_id, id)` serves a device's page.
 */
export const createAlertHistoryRepository = (db: Database) => {
  const where = (viewer: Viewer, filters: Omit<AlertFilters, 'limit' | 'offset'>) =>
    and(
      visibleCompaniesFilter(viewer),
      filters.ids?.length ? inArray(alertEvents.id, [...filters.ids]) : undefined,
      filters.companyId ? eq(alertEvents.companyId, filters.companyId) : undefined,
      filters.configId ? eq(alertEvents.alertsConfigId, filters.configId) : undefined,
      filters.deviceId ? eq(alertEvents.deviceId, filters.deviceId) : undefined,
      filters.typeId !== undefined ? eq(alertEvents.alertTypeId, filters.typeId) : undefined,
      filters.source ? eq(alertEvents.source, filters.source) : undefined,
      filters.automationId ? eq(alertEvents.automationId, filters.automationId) : undefined,
      filters.q ? sql`${alertEvents.message} ilike ${containsPattern(filters.q)}` : undefined,
    );

  const select = (viewer: Viewer, tx: Executor) =>
    tx
      .select(columns)
      .from(alertEvents)
      .innerJoin(companies, eq(companies.id, alertEvents.companyId))
      .leftJoin(automations, eq(automations.id, alertEvents.automationId))
      .leftJoin(
        ruleCompanies,
        and(
          eq(ruleCompanies.id, automations.companyId),
          visibleCompaniesFilter(viewer, ruleCompanies),
        ),
      );

  return {
    /** Newest first (ids grow with time; created_at has no index). */
    async listAlerts(viewer: Viewer, filters: AlertFilters, tx: Executor = db) {
      const condition = where(viewer, filters);
      const rows = await select(viewer, tx)
        .where(condition)
        .orderBy(desc(alertEvents.id))
        .limit(filters.limit)
        .offset(filters.offset);
      // No filter reads the automation: counting needs the event's company only.
      const [count] = await tx
        .select({ total: countAll })
        .from(alertEvents)
        .innerJoin(companies, eq(companies.id, alertEvents.companyId))
        .where(condition);
      return { rows, total: count?.total ?? 0 };
    },

    async findAlert(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await select(viewer, tx).where(where(viewer, { ids: [id] }));
      return row ?? null;
    },

    async removeAlert(id: number, tx: Executor = db) {
      await tx.delete(alertEvents).where(eq(alertEvents.id, id));
    },
  };
};

export type AlertHistoryRepository = ReturnType<typeof createAlertHistoryRepository>;

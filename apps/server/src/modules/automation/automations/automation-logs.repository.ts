import type { AutomationLogListQuery } from '@netfleet/contracts';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll, orderByFrom } from '@/db/list';
import { alertActions, alertEvents, automationRevisions, companies, devices } from '@/db/schema';

const columns = {
  id: alertEvents.id,
  evaluationId: alertEvents.evaluationId,
  companyId: alertEvents.companyId,
  companyName: companies.name,
  deviceId: alertEvents.deviceId,
  deviceName: devices.name,
  serial: devices.serial,
  mac: devices.mac,
  evaluatedParameters: alertEvents.evaluatedParameters,
  evaluatedConditions: alertEvents.evaluatedConditions,
  overallStatus: alertEvents.overallStatus,
  kind: alertEvents.kind,
  reason: alertEvents.reason,
  createdAt: alertEvents.createdAt,
  conditionsBody: automationRevisions.conditionsBody,
};
export type AutomationLogRow = Awaited<
  ReturnType<AutomationLogsRepository['list']>
>['rows'][number];

const SORTABLE = {
  created_at: alertEvents.createdAt,
  evaluation_id: alertEvents.evaluationId,
  device_id: alertEvents.deviceId,
  device_name: devices.name,
  overall_status: alertEvents.overallStatus,
};

/** A rule's evaluations (alert_events of source automation) and their actions, for RMS logs. */
export const createAutomationLogsRepository = (db: Database) => {
  const select = (tx: Executor) =>
    tx
      .select(columns)
      .from(alertEvents)
      .innerJoin(companies, eq(companies.id, alertEvents.companyId))
      .leftJoin(devices, eq(devices.id, alertEvents.deviceId))
      .leftJoin(
        automationRevisions,
        and(
          eq(automationRevisions.automationId, alertEvents.automationId),
          eq(automationRevisions.version, alertEvents.revision),
        ),
      );
  const ofRule = (viewer: Viewer, automationId: number): SQL | undefined =>
    and(
      eq(alertEvents.automationId, automationId),
      eq(alertEvents.source, 'automation'),
      visibleCompaniesFilter(viewer),
    );

  return {
    /** Route 7: newest first unless sorted. */
    async list(
      viewer: Viewer,
      automationId: number,
      query: AutomationLogListQuery,
      tx: Executor = db,
    ) {
      const where = and(
        ofRule(viewer, automationId),
        query.device_id ? eq(alertEvents.deviceId, query.device_id) : undefined,
      );
      const rows = await select(tx)
        .where(where)
        .orderBy(...orderByFrom(query.sort, SORTABLE, [desc(alertEvents.id)]), desc(alertEvents.id))
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(alertEvents)
        .innerJoin(companies, eq(companies.id, alertEvents.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** Route 8: the evaluation's newest event of the rule, or null. */
    async find(viewer: Viewer, automationId: number, evaluationId: string, tx: Executor = db) {
      const [row] = await select(tx)
        .where(and(ofRule(viewer, automationId), eq(alertEvents.evaluationId, evaluationId)))
        .orderBy(desc(alertEvents.id))
        .limit(1);
      return row ?? null;
    },

    /** What became of an event's actions. */
    async actionsOf(eventId: number, tx: Executor = db) {
      return tx
        .select({ name: alertActions.name, status: alertActions.status, error: alertActions.error })
        .from(alertActions)
        .where(eq(alertActions.eventId, eventId))
        .orderBy(asc(alertActions.id));
    },
  };
};

export type AutomationLogsRepository = ReturnType<typeof createAutomationLogsRepository>;

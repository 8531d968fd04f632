import { sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import {
  alertActions,
  alertEvents,
  automationAlerts,
  automationDevices,
  automations,
} from '@/db/schema';
import { utcDayStart } from './trigger-limits';

type Values = Record<string, number | string | null>;

export interface EventInsert {
  evaluationId: string;
  kind: string;
  automationId: number;
  revision: number;
  deviceId: number | null;
  companyId: number;
  evaluatedParameters: { key: string; value: number | string | null }[];
  evaluatedConditions: { key: string; value: boolean }[];
  message: string;
  readingTs: Date;
  reason: string | null;
  /** It fell in a silence: its actions are stored skipped. */
  silenced?: boolean;
  overallStatus: string;
  /** Pending unless stored `skipped` with why (over the daily trigger limit). */
  actions: {
    name: string;
    options: Record<string, unknown>;
    status?: 'skipped';
    error?: string;
  }[];
}

/** The end state of one (rule, device) open alert after a batch, in the batch's order. */
export type AlertChange =
  | {
      op: 'open';
      automationId: number;
      deviceId: number;
      companyId: number;
      evaluationId: string;
      firedAt: Date;
      lastNotifiedAt: Date;
      notifyCount: number;
      values: Values;
    }
  | { op: 'renotify'; automationId: number; deviceId: number; at: Date; count: number }
  | { op: 'close'; automationId: number; deviceId: number };

export interface AlertBatch {
  events: EventInsert[];
  alerts: AlertChange[];
  /**
   * Fires (fired and event) per rule, and per (rule, device) with the last time; a company event
   * (device null) counts for the rule only.
   */
  fires: { automationId: number; deviceId: number | null; count: number; at: Date }[];
}

/** An int[] literal of numbers (never user text), so the list is one value, not n parameters. */
const intArray = (values: readonly number[]) =>
  sql.raw(`'{${values.map((value) => Math.trunc(Number(value))).join(',')}}'::int[]`);

/**
 * `(automation_id, device_id)` is one of the pairs. As two arrays: a `(a, b) in ((1, 2), …)` list
 * of a few thousand pairs aborted the embedded database (its parser recursed past the WASM stack),
 * half-way through the batch's transaction, and the retried batch was written again.
 */
const pairsIn = (pairs: readonly { automationId: number; deviceId: number }[]) =>
  sql`(${automationAlerts.automationId}, ${automationAlerts.deviceId}) in (select * from unnest(${intArray(
    pairs.map((pair) => pair.automationId),
  )}, ${intArray(pairs.map((pair) => pair.deviceId))}))`;

/** The writer's statements: one transaction per batch, a handful of statements whatever its size. */
export const createAlertsRepository = (db: Database) => {
  const applyAlerts = async (
    changes: readonly AlertChange[],
    eventIds: Map<string, number>,
    tx: Executor,
  ) => {
    const closed = changes.filter((change) => change.op === 'close');
    if (closed.length > 0) await tx.delete(automationAlerts).where(pairsIn(closed));
    const opened = changes.flatMap((change) => (change.op === 'open' ? [change] : []));
    if (opened.length > 0)
      await tx
        .insert(automationAlerts)
        .values(
          opened.map((change) => ({
            automationId: change.automationId,
            deviceId: change.deviceId,
            companyId: change.companyId,
            firedEventId: eventIds.get(change.evaluationId) ?? null,
            firedAt: change.firedAt,
            lastNotifiedAt: change.lastNotifiedAt,
            notifyCount: change.notifyCount,
            firedValues: change.values,
          })),
        )
        .onConflictDoUpdate({
          target: [automationAlerts.automationId, automationAlerts.deviceId],
          set: {
            companyId: sql`excluded.company_id`,
            firedEventId: sql`excluded.fired_event_id`,
            firedAt: sql`excluded.fired_at`,
            lastNotifiedAt: sql`excluded.last_notified_at`,
            notifyCount: sql`excluded.notify_count`,
            firedValues: sql`excluded.fired_values`,
          },
        });
    // Rare (one per renotify interval per open alert): a statement each.
    for (const change of changes) {
      if (change.op !== 'renotify') continue;
      await tx
        .update(automationAlerts)
        .set({
          lastNotifiedAt: change.at,
          notifyCount: sql`${automationAlerts.notifyCount} + ${change.count}`,
        })
        .where(
          sql`(${automationAlerts.automationId}, ${automationAlerts.deviceId}) = (${change.automationId}::int, ${change.deviceId}::int)`,
        );
    }
  };

  /**
   * Counts fires; the period counters (RMS: per UTC day) start again from this batch's when their
   * last reset was before the fire's day.
   */
  const countFires = async (fires: AlertBatch['fires'], tx: Executor) => {
    if (fires.length === 0) return;
    const perRule = new Map<number, { count: number; day: Date }>();
    for (const fire of fires) {
      const known = perRule.get(fire.automationId);
      const day = utcDayStart(fire.at);
      perRule.set(fire.automationId, {
        count: (known?.count ?? 0) + fire.count,
        day: known && known.day > day ? known.day : day,
      });
    }
    for (const [automationId, { count, day: dayStart }] of perRule) {
      const day = sql`${dayStart.toISOString()}::timestamptz`;
      await tx
        .update(automations)
        .set({
          totalTriggeredCount: sql`${automations.totalTriggeredCount} + ${count}`,
          periodTriggeredCount: sql`case when ${automations.periodLatestReset} >= ${day}
            then ${automations.periodTriggeredCount} + ${count} else ${count} end`,
          periodLatestReset: sql`greatest(${automations.periodLatestReset}, ${day})`,
        })
        .where(sql`${automations.id} = ${automationId}`);
    }
    const ofDevices = fires.flatMap((fire) =>
      fire.deviceId === null ? [] : [{ ...fire, deviceId: fire.deviceId }],
    );
    if (ofDevices.length === 0) return;
    await tx
      .insert(automationDevices)
      .values(
        ofDevices.map((fire) => ({
          automationId: fire.automationId,
          deviceId: fire.deviceId,
          assigned: false,
          totalTriggeredCount: fire.count,
          periodTriggeredCount: fire.count,
          periodLatestReset: utcDayStart(fire.at),
          lastTriggeredAt: fire.at,
        })),
      )
      .onConflictDoUpdate({
        target: [automationDevices.automationId, automationDevices.deviceId],
        set: {
          totalTriggeredCount: sql`${automationDevices.totalTriggeredCount} + excluded.total_triggered_count`,
          periodTriggeredCount: sql`case
            when ${automationDevices.periodLatestReset} >= excluded.period_latest_reset
            then ${automationDevices.periodTriggeredCount} + excluded.period_triggered_count
            else excluded.period_triggered_count end`,
          periodLatestReset: sql`greatest(${automationDevices.periodLatestReset}, excluded.period_latest_reset)`,
          lastTriggeredAt: sql`excluded.last_triggered_at`,
        },
      });
  };

  return {
    /** Writes a batch; answers the ids of the pending actions it created. */
    async write(batch: AlertBatch, tx: Executor = db): Promise<number[]> {
      if (batch.events.length === 0) return [];
      const inserted = await tx
        .insert(alertEvents)
        .values(
          batch.events.map(({ actions: _actions, ...event }) => ({
            ...event,
            source: 'automation',
          })),
        )
        .returning({ id: alertEvents.id, evaluationId: alertEvents.evaluationId });
      const eventIds = new Map(inserted.map((row) => [row.evaluationId, row.id]));
      await applyAlerts(batch.alerts, eventIds, tx);
      await countFires(batch.fires, tx);
      const actions = batch.events.flatMap((event) =>
        event.actions.map((action) => ({
          eventId: eventIds.get(event.evaluationId) ?? 0,
          name: action.name,
          options: action.options,
          status: action.status ?? 'pending',
          error: action.error ?? null,
          finishedAt: action.status ? event.readingTs : null,
        })),
      );
      if (actions.length === 0) return [];
      const rows = await tx
        .insert(alertActions)
        .values(actions)
        .returning({ id: alertActions.id, status: alertActions.status });
      return rows.flatMap((row) => (row.status === 'pending' ? [row.id] : []));
    },
  };
};

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;

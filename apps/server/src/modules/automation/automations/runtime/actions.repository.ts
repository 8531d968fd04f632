import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import {
  alertActions,
  alertEvents,
  automations,
  companies,
  deviceAlertConfigs,
  devices,
} from '@/db/schema';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface ActionOutcome {
  id: number;
  status: 'pending' | 'done' | 'failed';
  attempts: number;
  nextAttemptAt: Date | null;
  error: string | null;
  ref: Record<string, unknown> | null;
  finishedAt: Date | null;
}

/** The outbox's single statements; each takes an optional transaction. */
const createActionStatements = (db: Database) => ({
  /**
   * Takes due actions (`ids` when given, else any due) for `leaseMs`: pending ones whose time came
   * and running ones whose lease ran out (an instance that died mid-action).
   */
  async claim(
    ids: readonly number[] | null,
    at: Date,
    leaseMs: number,
    limit = 50,
    tx: Executor = db,
  ) {
    const only =
      ids === null
        ? sql``
        : sql` and id = any(${sql.raw(`'{${ids.map(Number).join(',')}}'::bigint[]`)})`;
    const result = await tx.execute(sql`
      update alert_actions set status = 'running', next_attempt_at = ${new Date(at.getTime() + leaseMs)}
      where id in (
        select id from alert_actions
        where status in ('pending', 'running') and next_attempt_at <= ${at}${only}
        order by id limit ${limit} for update skip locked
      )
      returning id`);
    return rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
  },

  /** The claimed actions with what running them needs: event, rule owner, device. */
  details(ids: readonly number[], tx: Executor = db) {
    if (ids.length === 0) return Promise.resolve([]);
    return (
      tx
        .select({
          id: alertActions.id,
          name: alertActions.name,
          options: alertActions.options,
          attempts: alertActions.attempts,
          ref: alertActions.ref,
          eventId: alertEvents.id,
          evaluationId: alertEvents.evaluationId,
          kind: alertEvents.kind,
          message: alertEvents.message,
          readingTs: alertEvents.readingTs,
          parameters: alertEvents.evaluatedParameters,
          ruleId: automations.id,
          ruleName: automations.name,
          // A device-side alert has no rule: its config's creator owns its actions.
          ownerId: sql<
            number | null
          >`coalesce(${automations.userId}, ${deviceAlertConfigs.userId})`,
          deviceId: devices.id,
          deviceName: devices.name,
          deviceSerial: devices.serial,
          companyPath: companies.path,
          companyName: companies.name,
        })
        .from(alertActions)
        .innerJoin(alertEvents, eq(alertEvents.id, alertActions.eventId))
        .leftJoin(automations, eq(automations.id, alertEvents.automationId))
        .leftJoin(deviceAlertConfigs, eq(deviceAlertConfigs.id, alertEvents.alertsConfigId))
        .leftJoin(devices, eq(devices.id, alertEvents.deviceId))
        // A company event (credit low) has no device: its own company is the one.
        .leftJoin(
          companies,
          eq(companies.id, sql`coalesce(${devices.companyId}, ${alertEvents.companyId})`),
        )
        .where(inArray(alertActions.id, [...ids]))
    );
  },

  async finish(outcome: ActionOutcome, tx: Executor = db) {
    await tx
      .update(alertActions)
      .set({
        status: outcome.status,
        attempts: outcome.attempts,
        ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
        error: outcome.error,
        ref: outcome.ref,
        finishedAt: outcome.finishedAt,
      })
      .where(eq(alertActions.id, outcome.id));
  },

  /** Events whose actions all finished: success, failed, or partial when some failed. */
  async rollUp(eventIds: readonly number[], tx: Executor = db) {
    if (eventIds.length === 0) return;
    const ids = sql.raw(`'{${eventIds.map(Number).join(',')}}'::bigint[]`);
    await tx.execute(sql`
      update alert_events e set overall_status = case
          when x.failed = 0 then 'success' when x.done = 0 then 'failed' else 'partial' end
      from (
        select event_id,
          count(*) filter (where status = 'failed') as failed,
          count(*) filter (where status = 'done') as done,
          count(*) filter (where status in ('pending', 'running')) as open
        from alert_actions where event_id = any(${ids}) group by event_id
      ) x
      where e.id = x.event_id and x.open = 0`);
  },

  /** Users named by id or e-mail (SendNotification's receiving_users), with their company path. */
  usersNamed(names: readonly string[], tx: Executor = db) {
    const ids = names.filter((name) => /^\d{1,9}$/.test(name)).map(Number);
    const emails = names.filter((name) => name.includes('@')).map((name) => name.toLowerCase());
    if (ids.length + emails.length === 0) return Promise.resolve([]);
    const idSet = `'{${ids.join(',')}}'::int[]`;
    return tx
      .execute(
        sql`
      select u.id, lower(u.email) as email, c.path from users u join companies c on c.id = u.company_id
      where u.disabled_at is null and (u.id = any(${sql.raw(idSet)}) or lower(u.email) in (${
        emails.length > 0
          ? sql.join(
              emails.map((email) => sql`${email}`),
              sql`, `,
            )
          : sql`null`
      }))`,
      )
      .then((result) =>
        rowsOf<{ id: number; email: string; path: string }>(result).map((row) => ({
          id: Number(row.id),
          email: row.email,
          path: row.path,
        })),
      );
  },
});

/** The alert actions outbox: claimed with a lease, finished with an outcome (design §4.6). */
export const createActionsRepository = (db: Database) => {
  const statements = createActionStatements(db);
  return {
    ...statements,
    /** Claims and reads in one transaction: one turn at the database instead of two. */
    take: (ids: readonly number[] | null, at: Date, leaseMs: number) =>
      db.transaction(async (tx) =>
        statements.details(await statements.claim(ids, at, leaseMs, 50, tx), tx),
      ),
    /** Several outcomes in one transaction. */
    finishMany: async (outcomes: readonly ActionOutcome[]) => {
      if (outcomes.length === 0) return;
      await db.transaction(async (tx) => {
        for (const outcome of outcomes) await statements.finish(outcome, tx);
      });
    },
  };
};

export type ActionsRepository = ReturnType<typeof createActionsRepository>;

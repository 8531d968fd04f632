import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '@/db/client';
import { runInForeground } from '@/lib/foreground';
import type { Transition } from '@/modules/automation/automations/engine/rule-types';
import { alertMessage, newEvaluationId } from './alert-messages';
import { decideBranches } from './nested-conditions';
import { isOverLimit } from './trigger-limits';
import type { AlertBatch, AlertChange, AlertsRepository, EventInsert } from './alerts.repository';
import type { RuleMeta } from './rule-set';
import type { RuntimeRepository } from './runtime.repository';

const FLUSH_INTERVAL_MS = 250;
/** A first transition is written this soon, with whatever else arrived meanwhile. */
const FLUSH_SOON_MS = 40;
const FLUSH_AT = 500;
/**
 * While the database is away transitions wait in memory, but not without bound: past this the
 * newest are dropped (state is level-based; open alerts are reconciled at the next start).
 */
const QUEUE_MAX = 100_000;
/** Actions a resolve still runs: telling people (and integrations) the alert is over. */
const ON_RESOLVE = new Set(['SendNotification', 'SendEmail', 'SendWebhook']);

interface Queued {
  transition: Transition;
  rule: RuleMeta;
  /** Why its actions are stored `skipped` instead of run (the daily trigger limit). */
  skipped?: string | undefined;
  /** It fell in a silence (design §4.7): the event row says so. */
  silenced?: boolean | undefined;
}

export interface AlertWriterDeps {
  db: Pick<Database, 'transaction'>;
  alerts: Pick<AlertsRepository, 'write'>;
  devices: Pick<RuntimeRepository, 'devicesNamed' | 'existingRules'>;
  log: FastifyBaseLogger;
  /** Hears the ids of the pending actions a committed batch created. */
  onActions(ids: number[]): void;
}

/**
 * The actions a transition runs and the conditions it records: a resolve tells of the end with
 * the top condition's messages; anything else takes the nested if/else branches it fired into.
 */
const actionsFor = (queued: Queued) => {
  const { transition, rule } = queued;
  const decision =
    transition.kind === 'resolved'
      ? {
          actions: rule.actions.filter((action) => ON_RESOLVE.has(action.name)),
          conditions: [{ key: rule.tag, value: false }],
        }
      : decideBranches(rule, transition.values);
  const skipped = queued.skipped ? { status: 'skipped' as const, error: queued.skipped } : {};
  const actions = decision.actions.map((action) => ({
    name: action.name,
    options: (action.options ?? {}) as Record<string, unknown>,
    ...skipped,
  }));
  return { actions, conditions: decision.conditions };
};

/** The pair's end state: later transitions of the same (rule, device) in a batch win. */
const alertChanges = (events: readonly { queued: Queued; event: EventInsert }[]) => {
  const changes = new Map<string, AlertChange>();
  for (const { queued, event } of events) {
    const { transition } = queued;
    const key = `${transition.ruleId}:${transition.deviceId}`;
    const pair = { automationId: transition.ruleId, deviceId: transition.deviceId };
    const current = changes.get(key);
    if (transition.kind === 'fired')
      changes.set(key, {
        op: 'open',
        ...pair,
        companyId: event.companyId,
        evaluationId: event.evaluationId,
        firedAt: transition.at,
        lastNotifiedAt: transition.at,
        notifyCount: 1,
        values: transition.values,
      });
    else if (transition.kind === 'resolved') changes.set(key, { op: 'close', ...pair });
    else if (transition.kind === 'renotify') {
      if (current?.op === 'open') {
        current.lastNotifiedAt = transition.at;
        current.notifyCount += 1;
      } else if (current?.op === 'renotify') {
        current.at = transition.at;
        current.count += 1;
      } else changes.set(key, { op: 'renotify', ...pair, at: transition.at, count: 1 });
    }
  }
  return [...changes.values()];
};

/**
 * Transitions queued in memory and written 40 ms after the first (with what came meanwhile), every
 * 250 ms while a batch fails, or at 500 transitions, in one foreground
 * transaction (design §4.4). A failed batch stays queued and is tried again next round; the
 * evaluation never waits for it.
 */
export const createAlertWriter = (deps: AlertWriterDeps) => {
  let queue: Queued[] = [];
  let writing: Promise<void> = Promise.resolve();
  let busy = false;
  let overflowing = false;
  let timer: NodeJS.Timeout | undefined;
  let soon: NodeJS.Timeout | undefined;

  const prepare = async (batch: Queued[], tx: Executor): Promise<AlertBatch> => {
    const ids = [...new Set(batch.map((queued) => queued.transition.deviceId))];
    const named = new Map((await deps.devices.devicesNamed(ids, tx)).map((row) => [row.id, row]));
    const rules = new Set(
      await deps.devices.existingRules([...new Set(batch.map((queued) => queued.rule.id))], tx),
    );
    const events: { queued: Queued; event: EventInsert }[] = [];
    for (const queued of batch) {
      const { transition, rule } = queued;
      const device = named.get(transition.deviceId);
      // A device or rule deleted meanwhile: its history went with it (the rule's delete wrote
      // its own resolves), and a row naming it would fail the whole batch.
      if (!device || !rules.has(rule.id)) continue;
      const { actions, conditions } = actionsFor(queued);
      events.push({
        queued,
        event: {
          evaluationId: newEvaluationId(),
          kind: transition.kind,
          automationId: rule.id,
          revision: rule.revision,
          deviceId: device.id,
          companyId: device.companyId,
          evaluatedParameters: [...rule.parameters, ...rule.nestedParameters].map((key) => ({
            key,
            value: transition.values[key] ?? null,
          })),
          evaluatedConditions: conditions,
          message: alertMessage(
            transition.kind,
            device.name,
            rule.name,
            rule.parameters,
            transition.values,
          ),
          readingTs: transition.at,
          reason: transition.reason ?? null,
          silenced: queued.silenced === true,
          overallStatus: queued.skipped ? 'skipped' : actions.length > 0 ? 'pending' : 'success',
          actions,
        },
      });
    }
    // Fires over the daily limit do not count (the limit counts what it let through; silenced
    // ones it let through count).
    const fires = events
      .filter(
        ({ queued, event }) =>
          !isOverLimit(queued.skipped) && (event.kind === 'fired' || event.kind === 'event'),
      )
      .map(({ queued, event }) => ({
        automationId: event.automationId,
        deviceId: queued.transition.deviceId,
        count: 1,
        at: event.readingTs,
      }));
    const merged = new Map<string, AlertBatch['fires'][number]>();
    for (const fire of fires) {
      const key = `${fire.automationId}:${fire.deviceId}`;
      const known = merged.get(key);
      if (known) {
        known.count += 1;
        known.at = fire.at;
      } else merged.set(key, { ...fire });
    }
    return {
      events: events.map(({ event }) => event),
      alerts: alertChanges(events),
      fires: [...merged.values()],
    };
  };

  /**
   * One batch: read its devices, write it; the ids of the actions it created. One transaction:
   * under load each statement outside it waits for the running write of readings, and three such
   * waits were most of an alert's latency.
   */
  const writeBatch = (batch: Queued[]) =>
    runInForeground(() =>
      deps.db.transaction(async (tx) => deps.alerts.write(await prepare(batch, tx), tx)),
    );

  const flush = () => {
    if (busy) return writing;
    busy = true;
    writing = (async () => {
      try {
        while (queue.length > 0) {
          const batch = queue.slice(0, FLUSH_AT);
          const actionIds = await writeBatch(batch);
          queue = queue.slice(batch.length);
          if (actionIds.length > 0) deps.onActions(actionIds);
        }
      } catch (error) {
        // The batch stays queued for the next round; memory has moved on already.
        deps.log.error({ err: error, queued: queue.length }, 'alert events not written; retrying');
      } finally {
        busy = false;
      }
    })();
    return writing;
  };

  return {
    add(transition: Transition, rule: RuleMeta, skipped: string | null = null, silenced = false) {
      if (queue.length >= QUEUE_MAX) {
        // Logged once per overflow, not once per transition.
        if (!overflowing)
          deps.log.warn('alert transitions dropped: the database is not keeping up');
        overflowing = true;
        return;
      }
      overflowing = false;
      queue.push({
        transition,
        rule,
        ...(skipped ? { skipped } : {}),
        ...(silenced ? { silenced } : {}),
      });
      if (queue.length >= FLUSH_AT) void flush();
      else if (timer && !soon) {
        soon = setTimeout(() => {
          soon = undefined;
          void flush();
        }, FLUSH_SOON_MS);
        soon.unref();
      }
    },
    start() {
      timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
      timer.unref();
    },
    /** Writes what is queued (one more try for a failing batch). */
    async close() {
      clearInterval(timer);
      clearTimeout(soon);
      timer = undefined;
      await writing;
      await flush();
    },
    flush,
    queued: () => queue.length,
  };
};

export type AlertWriter = ReturnType<typeof createAlertWriter>;

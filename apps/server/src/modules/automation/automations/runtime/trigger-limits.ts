import type { FastifyBaseLogger } from 'fastify';
import type { Transition } from '@/modules/automation/automations/engine/rule-types';
import type { RuleMeta } from './rule-set';

const DAY_MS = 86_400_000;
/** How often the stored period counters are checked for a new UTC day. */
const DAY_CHECK_MS = 60_000;

const REACHED = 'Daily limit of ';
export const TRIGGER_LIMIT_MESSAGES = {
  reached: (limit: number) => `${REACHED}${limit} reached`,
} as const;

/**
 * Whether a skip reason is the limit's (the writer's `skipped` also carries silences): fires over
 * the limit are not counted, so the stored counts stay those this keeps in memory.
 */
export const isOverLimit = (reason: string | null | undefined) =>
  reason?.startsWith(REACHED) === true;

/** The UTC day `at` falls on, as a number (days since the epoch). */
export const utcDay = (at: Date) => Math.floor(at.getTime() / DAY_MS);
/** Midnight UTC of the day `at` falls on: when its counters were last reset. */
export const utcDayStart = (at: Date) => new Date(utcDay(at) * DAY_MS);

interface Count {
  day: number;
  count: number;
  /** Its last fire was over the limit: what follows of that alert (renotify, resolve) is too. */
  limited: boolean;
}

/**
 * RMS period_trigger_limit: at most N fires per device per UTC day. Today's counts are read once
 * at start, and again when partitions move here, and kept in memory, so deciding costs no query
 * per reading; the instance evaluating a device is the only one counting its fires. Fires over
 * the limit are still written, with their actions skipped; they do not count.
 */
/** The stored counters (trigger-counts.repository.ts; a fake in unit tests). */
export interface TriggerCounts {
  since(dayStart: Date): Promise<{ automationId: number; deviceId: number; count: number }[]>;
  resetBefore(dayStart: Date): Promise<void>;
}

export const createTriggerLimits = (deps: {
  repository: TriggerCounts;
  now: () => Date;
  log: FastifyBaseLogger;
}) => {
  const counts = new Map<string, Count>();
  const keyOf = (ruleId: number, deviceId: number) => `${ruleId}:${deviceId}`;
  let prunedDay = utcDay(deps.now());
  let resetDay = -1;
  let timer: NodeJS.Timeout | undefined;

  /** Yesterday's counts go once a day passed (an alert still limited keeps its entry). */
  const prune = (today: number) => {
    prunedDay = today;
    for (const [key, entry] of counts) if (entry.day < today && !entry.limited) counts.delete(key);
  };

  /** The stored period counters start again once a day (a query a minute, none per reading). */
  const resetIfNewDay = async () => {
    const at = deps.now();
    if (utcDay(at) === resetDay) return;
    await deps.repository.resetBefore(utcDayStart(at));
    resetDay = utcDay(at);
  };

  const load = async () => {
    const today = utcDay(deps.now());
    const rows = await deps.repository.since(utcDayStart(deps.now()));
    for (const row of rows) {
      const key = keyOf(row.automationId, row.deviceId);
      const known = counts.get(key);
      // Counted here meanwhile (a fire not yet written) wins over the stored count.
      if (!known || known.day !== today || known.count < row.count)
        counts.set(key, { day: today, count: row.count, limited: false });
    }
  };

  return {
    /** Resets yesterday's stored counters and loads today's, then watches for the next day. */
    async start() {
      await resetIfNewDay();
      await load();
      timer = setInterval(() => {
        resetIfNewDay().catch((error: unknown) =>
          deps.log.error({ err: error }, 'automation period counters not reset; retrying'),
        );
      }, DAY_CHECK_MS);
      timer.unref();
    },
    close() {
      clearInterval(timer);
    },
    /**
     * Reads today's stored counts again: devices whose partition this instance took over were
     * counted by their former owner.
     */
    refresh() {
      load().catch((error: unknown) =>
        deps.log.error({ err: error }, 'automation trigger counts not reloaded'),
      );
    },

    /** Null when the transition's actions run; else why they are skipped. */
    check(transition: Transition, rule: Pick<RuleMeta, 'periodTriggerLimit'>): string | null {
      const key = keyOf(transition.ruleId, transition.deviceId);
      // 0 or none: no limit.
      const limit = rule.periodTriggerLimit || null;
      const day = utcDay(transition.at);
      if (day > prunedDay) prune(day);
      let entry = counts.get(key);
      if (transition.kind !== 'fired' && transition.kind !== 'event') {
        const skipped =
          entry?.limited && limit !== null ? TRIGGER_LIMIT_MESSAGES.reached(limit) : null;
        if (entry && transition.kind === 'resolved') entry.limited = false;
        return skipped;
      }
      if (!entry || entry.day !== day) {
        entry = { day, count: 0, limited: false };
        counts.set(key, entry);
      }
      // Counted with or without a limit: one set later starts from the day's true count.
      if (limit !== null && entry.count >= limit) {
        entry.limited = transition.kind === 'fired';
        return TRIGGER_LIMIT_MESSAGES.reached(limit);
      }
      entry.count += 1;
      entry.limited = false;
      return null;
    },
  };
};

export type TriggerLimits = ReturnType<typeof createTriggerLimits>;

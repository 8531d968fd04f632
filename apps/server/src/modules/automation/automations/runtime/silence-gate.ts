import { AUTOMATION_SILENCE_MESSAGES } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Transition } from '@/modules/automation/automations/engine/rule-types';
import type { SilenceWindowRow } from '@/modules/automation/automations/silences/silences.repository';
import { rmsDate } from './alert-messages';
import type { RuleMeta } from './rule-set';
import { createSilenceBook, type SilenceHit } from './silence-book';

const RELOAD_DEBOUNCE_MS = 200;
const RETRY_MS = 5000;
/** Edges further away are timed again then (setTimeout's range; a clock that moved). */
const EDGE_MAX_MS = 3_600_000;
/** Devices covered change with tags and moves: the covered sets are read again this often. */
const REFRESH_MS = 60_000;

export interface SilenceGateDeps {
  /** Silences not over at `at`, with the devices they cover. */
  read(at: Date): Promise<SilenceWindowRow[]>;
  /** Where transitions go on, with the silence they fell in (null: none). */
  emit(transition: Transition, rule: RuleMeta, silence: SilenceHit | null): void;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** Alerts that fired in one silence window, renotified when it ends (notify_after). */
interface Held {
  silenceId: number;
  until: Date;
  notifyAfter: boolean;
  alerts: Map<string, { transition: Transition; rule: RuleMeta }>;
}

/** The error of an action a silence skipped: `Silenced by "Night" until 2026-11-30 06:00:00 UTC`. */
export const silencedText = (hit: SilenceHit) =>
  AUTOMATION_SILENCE_MESSAGES.skipped(hit.name, rmsDate(hit.until));

/**
 * Silences between the evaluation and the writer (design §4.7): every transition still goes on,
 * with the silence it fell in; alerts that fired silenced and are still open when the window ends
 * get one `renotify` then, with actions. Silences live in memory, loaded at start, after each
 * silence write and every minute (tags and moves change the devices they cover); the timer wakes
 * at the next window end. What fired silenced is held in memory only: a restart during a window
 * forgets it (no renotify after that window).
 */
export const createSilenceGate = (deps: SilenceGateDeps) => {
  const book = createSilenceBook();
  const held = new Map<string, Held>();
  let edgeTimer: NodeJS.Timeout | undefined;
  let reloadTimer: NodeJS.Timeout | undefined;
  let refreshTimer: NodeJS.Timeout | undefined;
  let loading: Promise<void> = Promise.resolve();
  let closed = false;

  const pass = (transition: Transition, rule: RuleMeta) => {
    const pair = `${transition.ruleId}:${transition.deviceId}`;
    if (transition.kind === 'resolved')
      for (const entry of held.values()) entry.alerts.delete(pair);
    const hit =
      book.size() > 0 ? book.match(transition.ruleId, transition.deviceId, transition.at) : null;
    if (hit && transition.kind === 'fired') {
      const key = `${hit.id}:${hit.until.getTime()}`;
      let entry = held.get(key);
      if (!entry) {
        entry = {
          silenceId: hit.id,
          until: hit.until,
          notifyAfter: hit.notifyAfter,
          alerts: new Map(),
        };
        held.set(key, entry);
        arm();
      }
      entry.alerts.set(pair, { transition, rule });
    }
    deps.emit(transition, rule, hit);
  };

  /** Windows over (or silences gone): their alerts still open renotify once. */
  const release = (at: Date) => {
    for (const [key, entry] of held) {
      if (entry.until > at && book.active(entry.silenceId, at)) continue;
      held.delete(key);
      if (!entry.notifyAfter) continue;
      for (const { transition, rule } of entry.alerts.values())
        pass(
          {
            kind: 'renotify',
            deviceId: transition.deviceId,
            ruleId: transition.ruleId,
            at,
            values: transition.values,
          },
          rule,
        );
    }
  };

  function arm() {
    clearTimeout(edgeTimer);
    if (closed) return;
    const now = deps.now();
    const edges = [...held.values()].map((entry) => entry.until.getTime());
    const edge = book.nextEdge(now);
    if (edge) edges.push(edge.getTime());
    if (edges.length === 0) return;
    const delay = Math.min(Math.max(Math.min(...edges) - now.getTime(), 0), EDGE_MAX_MS);
    edgeTimer = setTimeout(() => {
      release(deps.now());
      arm();
    }, delay + 10);
    edgeTimer.unref();
  }

  const load = () => {
    loading = loading.then(async () => {
      if (closed) return;
      try {
        book.set(await deps.read(deps.now()));
        release(deps.now());
        arm();
      } catch (error) {
        deps.log.error({ err: error }, 'automation silences not loaded; trying again');
        schedule(RETRY_MS);
      }
    });
    return loading;
  };
  function schedule(ms = RELOAD_DEBOUNCE_MS) {
    if (closed) return;
    clearTimeout(reloadTimer);
    reloadTimer = setTimeout(() => void load(), ms);
    reloadTimer.unref();
  }

  return {
    pass,
    start() {
      refreshTimer = setInterval(() => schedule(), REFRESH_MS);
      refreshTimer.unref();
      return load();
    },
    /** A silence was written (or devices came): reloaded shortly. */
    changed: () => schedule(),
    /** Waits for a load in progress (tests). */
    settled: () => loading,
    async close() {
      closed = true;
      clearInterval(refreshTimer);
      clearTimeout(edgeTimer);
      clearTimeout(reloadTimer);
      await loading;
    },
  };
};
export type SilenceGate = ReturnType<typeof createSilenceGate>;

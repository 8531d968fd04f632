import {
  automationParameterOf,
  automationStatusValues,
  automationValuesOf,
  type AutomationEvent,
  type TelemetryCategory,
} from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { createRuleEvaluator } from '@/modules/automation/automations/engine/evaluator';
import type {
  ParameterValue,
  Transition,
} from '@/modules/automation/automations/engine/rule-types';
import type { LivenessChange } from '@/modules/fleet/device-gateway/gateway.port';
import { createSimWatch, type ObserveEvent } from './event-sources';
import { createRuleCompiler, type RuleMeta, rulesByDevice } from './rule-set';
import type { RuleRow } from './runtime.repository';
import { partitionOf, type PartitionChange } from './cluster/partition-leases';
import { restoreAlerts } from './restore-alerts';

const TICK_MS = 250;
const RELOAD_DEBOUNCE_MS = 200;
const RESOLVE_BATCH_MS = 250;
/**
 * After a start, devices are neither online nor offline until this passed (design §4.4): the
 * embedded broker marked them all offline, which is not a transition; those that reconnect say
 * so, the others are offline since their last message.
 */
export const STATUS_GRACE_MS = 120_000;

type Pair = { automationId: number; deviceId: number };
type WaitingEvent = { deviceId: number; key: AutomationEvent; text: string; at: Date };

/** What the runtime reads (the runtime repository; a fake in unit tests). */
export interface RuntimeReads {
  rules(): Promise<RuleRow[]>;
  /** Enabled rules by device: lists may be shared between devices, never mutated. */
  coverage(deviceIds: readonly number[] | null): Promise<ReadonlyMap<number, readonly number[]>>;
  disabledPairs(): Promise<Pair[]>;
  latestOf(
    deviceIds: readonly number[],
  ): Promise<{ id: number; info: Record<string, unknown>; lastSeenAt: Date | null }[]>;
  openAlerts(): Promise<(Pair & { firedAt: Date; lastNotifiedAt: Date | null })[]>;
  /** The delays the last checkpoint saw running (pending-checkpoint.ts). */
  pendingDelays(): Promise<(Pair & { since: Date; count: number })[]>;
}

export interface AutomationRuntimeDeps {
  repository: RuntimeReads;
  /** Every transition with the rule it belongs to (the writer queues it; never awaited). */
  onTransition(transition: Transition, rule: RuleMeta): void;
  log: FastifyBaseLogger;
  now: () => Date;
  statusGraceMs?: number;
  /** Whether this instance evaluates the device (cluster/partition-leases.ts); default: all. */
  owns?: (deviceId: number) => boolean;
}

/**
 * The live evaluation on this instance (design §4.2–4.4): rules and their devices loaded at start
 * and again after changes, readings and status transitions evaluated in memory, transitions handed
 * on. Nothing here queries per reading: new devices are looked up in batches.
 */
export const createAutomationRuntime = (deps: AutomationRuntimeDeps) => {
  const { repository, log, now } = deps;
  const owns = deps.owns ?? (() => true);
  let meta = new Map<number, RuleMeta>();
  let compiledIds: ReadonlySet<number> = new Set();
  /** Until the restore is done, the latest values per device wait here (a restored alert must not fire again). */
  let early: Map<number, { values: Record<string, ParameterValue>; at: Date }> | null = new Map();
  /** Event keys an enabled rule reads; other events are not observed. */
  let eventKeys: ReadonlySet<string> = new Set();
  /** Devices' event keys that hold a value: an event is a change of it (rule-definition.ts). */
  const eventSeeded = new Set<string>();
  let eventCount = 0;
  /** The event being observed: its transitions carry its words instead of the counter. */
  let current: WaitingEvent | null = null;
  /** Events before the start, or of devices whose rules are being looked up (a new enrolment). */
  let waitingEvents: WaitingEvent[] = [];
  const sims = createSimWatch();
  const worded = (transition: Transition): Transition =>
    current?.deviceId === transition.deviceId &&
    transition.kind === 'event' &&
    Object.hasOwn(transition.values, current.key)
      ? { ...transition, values: { ...transition.values, [current.key]: current.text } }
      : transition;
  const evaluator = createRuleEvaluator({
    now,
    onTransition: (transition) => {
      const rule = meta.get(transition.ruleId);
      if (rule) deps.onTransition(worded(transition), rule);
      else log.warn({ rule: transition.ruleId }, 'transition of an unknown automation dropped');
    },
  });
  const compile = createRuleCompiler((id, message) =>
    log.warn({ automation: id }, `automation skipped: ${message}`),
  );
  let coverage = new Map<number, number[]>();
  let disabled = new Set<string>();
  /** Devices whose rules are known (possibly none); the others are looked up in a batch. */
  const resolved = new Set<number>();
  const unresolved = new Set<number>();
  /** Devices whose status arrived since the start. */
  const statusKnown = new Set<number>();
  const timers: NodeJS.Timeout[] = [];
  let resolveTimer: NodeJS.Timeout | undefined;
  let reloadTimer: NodeJS.Timeout | undefined;
  let loading: Promise<void> = Promise.resolve();
  let reloadAgain = false;
  let loads = 0;
  let closed = false;

  const assignAll = (next: Map<number, number[]>, at: Date) => {
    for (const deviceId of new Set([...coverage.keys(), ...next.keys()]))
      evaluator.assign(deviceId, next.get(deviceId) ?? [], at);
    coverage = next;
    for (const deviceId of next.keys()) resolved.add(deviceId);
  };

  const applyDisabled = (
    pairs: readonly { automationId: number; deviceId: number }[],
    at: Date,
  ) => {
    const next = new Set(pairs.map((pair) => `${pair.automationId}:${pair.deviceId}`));
    for (const key of disabled)
      if (!next.has(key)) {
        const [ruleId, deviceId] = key.split(':').map(Number) as [number, number];
        evaluator.disable(deviceId, ruleId, false, at);
      }
    for (const key of next)
      if (!disabled.has(key)) {
        const [ruleId, deviceId] = key.split(':').map(Number) as [number, number];
        evaluator.disable(deviceId, ruleId, true, at);
      }
    disabled = next;
  };

  /** Rules, their devices and the per-device switches, from the database into the evaluator. */
  const load = async () => {
    const [rows, pairs, off] = await Promise.all([
      repository.rules(),
      repository.coverage(null),
      repository.disabledPairs(),
    ]);
    const loaded = compile(rows);
    const at = now();
    // Resolves of rules removed now still find their names.
    meta = new Map([...meta, ...loaded.meta]);
    evaluator.setRules(loaded.rules, at);
    assignAll(rulesByDevice(pairs, loaded.compiled), at);
    applyDisabled(off, at);
    meta = loaded.meta;
    compiledIds = loaded.compiled;
    eventKeys = new Set(
      loaded.rules.flatMap((rule) =>
        rule.parameters.filter((key) => automationParameterOf(key)?.type === 'event'),
      ),
    );
    loads += 1;
    return loaded;
  };

  const reload = () => {
    loading = loading.then(async () => {
      reloadAgain = false;
      if (closed) return;
      try {
        await load();
      } catch (error) {
        log.error({ err: error }, 'automations not reloaded; trying again');
        reloadAgain = true;
      }
      if (reloadAgain) schedule(RELOAD_DEBOUNCE_MS * 5);
    });
    return loading;
  };
  function schedule(ms = RELOAD_DEBOUNCE_MS) {
    if (closed) return;
    clearTimeout(reloadTimer);
    reloadTimer = setTimeout(() => void reload(), ms);
    reloadTimer.unref();
  }

  /** Devices first seen since the last load (a new enrolment): their rules in one query. */
  const resolveNew = async () => {
    resolveTimer = undefined;
    const ids = [...unresolved];
    unresolved.clear();
    if (ids.length === 0) return;
    try {
      const pairs = await repository.coverage(ids);
      const byDevice = rulesByDevice(pairs, compiledIds);
      const at = now();
      for (const deviceId of ids) {
        const rules = byDevice.get(deviceId) ?? [];
        if (rules.length > 0) {
          coverage.set(deviceId, rules);
          evaluator.assign(deviceId, rules, at);
        }
        resolved.add(deviceId);
      }
      replayEvents();
    } catch (error) {
      for (const id of ids) unresolved.add(id);
      log.error({ err: error, devices: ids.length }, 'automation devices not resolved; retrying');
      queueResolve();
    }
  };
  const queueResolve = () => {
    if (resolveTimer || closed) return;
    resolveTimer = setTimeout(() => void resolveNew(), RESOLVE_BATCH_MS);
    resolveTimer.unref();
  };

  /** Whether the device's values are worth keeping: it has rules, or its rules are not known yet. */
  const wanted = (deviceId: number) => {
    if (coverage.has(deviceId)) return true;
    if (resolved.has(deviceId)) return false;
    unresolved.add(deviceId);
    queueResolve();
    return true;
  };

  /** The event as a new value of its key (the first seen is seeded first, so it is a change). */
  const fireEvent = (event: WaitingEvent) => {
    const { deviceId, key, at } = event;
    const seeded = `${deviceId}:${key}`;
    if (!eventSeeded.has(seeded)) {
      eventSeeded.add(seeded);
      evaluator.observe(deviceId, { [key]: 0 }, at);
    }
    eventCount += 1;
    current = event;
    try {
      evaluator.observe(deviceId, { [key]: eventCount }, at);
    } finally {
      current = null;
    }
  };
  const observeEvent: ObserveEvent = (deviceId, key, text, at) => {
    if (!eventKeys.has(key)) return;
    const event = { deviceId, key, text, at };
    if (early) return void waitingEvents.push(event);
    if (coverage.has(deviceId)) return fireEvent(event);
    if (resolved.has(deviceId)) return;
    waitingEvents.push(event);
    unresolved.add(deviceId);
    queueResolve();
  };
  /** Waiting events of devices whose rules are known now. */
  function replayEvents() {
    const ready = waitingEvents.filter((event) => resolved.has(event.deviceId));
    waitingEvents = waitingEvents.filter((event) => !resolved.has(event.deviceId));
    for (const event of ready) if (coverage.has(event.deviceId)) fireEvent(event);
  }

  const observe = (deviceId: number, values: Record<string, ParameterValue>, at: Date) => {
    if (Object.keys(values).length === 0) return;
    if (early) {
      const waiting = early.get(deviceId);
      if (waiting) {
        Object.assign(waiting.values, values);
        waiting.at = at;
      } else early.set(deviceId, { values: { ...values }, at });
      return;
    }
    if (wanted(deviceId)) evaluator.observe(deviceId, values, at);
  };

  const restoreContext = () => ({
    repository,
    evaluator,
    meta,
    enabled: compiledIds,
    coverage,
    disabled,
    now,
    log,
  });

  /** Partitions moved (cluster/partition-leases.ts): their devices' state comes or goes. */
  const partitionsChanged = (change: PartitionChange) => {
    const lost = new Set(change.lost);
    const gained = new Set(change.gained);
    loading = loading.then(async () => {
      if (closed) return;
      const at = now();
      for (const deviceId of coverage.keys()) {
        const partition = partitionOf(deviceId);
        // Open alerts stay in the database for the new owner; nothing resolves here.
        if (lost.has(partition)) {
          evaluator.forget(deviceId);
          statusKnown.delete(deviceId);
        } else if (gained.has(partition))
          evaluator.assign(deviceId, coverage.get(deviceId) ?? [], at);
      }
      if (gained.size === 0) return;
      try {
        await restoreAlerts(restoreContext(), (deviceId) => gained.has(partitionOf(deviceId)));
      } catch (error) {
        log.error({ err: error }, 'alerts of partitions taken over not restored');
      }
    });
  };

  /** After the grace, devices that said nothing since the start are offline since their last message. */
  const settleStatus = async () => {
    const ids = [...coverage.entries()]
      .filter(
        ([deviceId, rules]) =>
          owns(deviceId) &&
          !statusKnown.has(deviceId) &&
          rules.some((id) => meta.get(id)?.parameters.includes('status')),
      )
      .map(([deviceId]) => deviceId);
    if (ids.length === 0) return;
    const rows = await repository.latestOf(ids);
    for (const row of rows) {
      if (statusKnown.has(row.id)) continue;
      statusKnown.add(row.id);
      evaluator.observe(row.id, automationStatusValues(0), row.lastSeenAt ?? now());
    }
  };

  return {
    async start() {
      const loaded = await load();
      await restoreAlerts({ ...restoreContext(), enabled: loaded.compiled }, owns);
      const waited = early ?? new Map();
      early = null;
      for (const [deviceId, { values, at }] of waited) observe(deviceId, values, at);
      const events = waitingEvents;
      waitingEvents = [];
      for (const event of events) observeEvent(event.deviceId, event.key, event.text, event.at);
      const every = (ms: number, run: () => void) => {
        const timer = setInterval(run, ms);
        timer.unref();
        timers.push(timer);
      };
      every(TICK_MS, () => evaluator.tick(now()));
      const grace = setTimeout(() => {
        settleStatus().catch((error: unknown) =>
          log.error({ err: error }, 'device statuses not settled'),
        );
      }, deps.statusGraceMs ?? STATUS_GRACE_MS);
      grace.unref();
      timers.push(grace);
    },
    /** Rules, scopes or assignments changed: reloaded shortly (changes in a burst load once). */
    rulesChanged: () => schedule(),
    partitionsChanged,
    reading(deviceId: number, category: TelemetryCategory, data: unknown, at: Date) {
      const values = automationValuesOf(category, data as never);
      observe(deviceId, values, at);
      // Devices without rules keep no SIM baseline; those being looked up do.
      if (!eventKeys.has('sim_changed') || (resolved.has(deviceId) && !coverage.has(deviceId)))
        return;
      const text = sims.changed(deviceId, category, data, values);
      if (text) observeEvent(deviceId, 'sim_changed', text, at);
    },
    /** An event of a device (design §4.2: firmware or SIM changed, added, task failed…). */
    event: observeEvent,
    liveness(rows: readonly LivenessChange[]) {
      for (const row of rows) {
        statusKnown.add(row.deviceId);
        observe(row.deviceId, automationStatusValues(row.status), row.at);
      }
    },
    /** Handles what became due (tests drive it instead of the timer). */
    tick: () => evaluator.tick(now()),
    /** The delays being waited out (pending-checkpoint.ts). */
    pendingStates: () => evaluator.pendingStates(),
    /** Waits for a reload in progress (tests). */
    settled: () => loading,
    loads: () => loads,
    async close() {
      closed = true;
      for (const timer of timers) clearInterval(timer);
      clearTimeout(reloadTimer);
      clearTimeout(resolveTimer);
      await loading;
    },
  };
};

export type AutomationRuntime = ReturnType<typeof createAutomationRuntime>;

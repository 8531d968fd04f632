import {
  dropPair,
  pairOf,
  setPhase,
  valuesOf,
  type DeviceEntry,
  type Engine,
  type PairState,
} from './pair-state';
import { RESOLVE_REASONS, type CompiledRule, type TransitionKind } from './rule-types';

const emit = (
  engine: Engine,
  kind: TransitionKind,
  device: DeviceEntry,
  rule: CompiledRule,
  at: number,
  reason?: string,
) =>
  engine.emit({
    kind,
    deviceId: device.id,
    ruleId: rule.id,
    at: new Date(at),
    values: valuesOf(device, rule),
    ...(reason === undefined ? {} : { reason }),
  });

const cooldownEnd = (pair: PairState, rule: CompiledRule) =>
  pair.resolvedAt === null ? Number.NEGATIVE_INFINITY : pair.resolvedAt + rule.cooldownMs;

/** Idle state is kept only to remember a cooldown still running at `now`; the queue ends it. */
export const settleIdle = (
  engine: Engine,
  device: DeviceEntry,
  pair: PairState,
  rule: CompiledRule,
  now: number,
) => {
  setPhase(engine, pair, 'idle');
  const end = cooldownEnd(pair, rule);
  if (end > now) engine.queue.set(pair, end);
  else dropPair(engine, device, pair);
};

/**
 * The next renotify of the series fired/last notified + k × interval after `now`: a late tick or a
 * restart sends at most one, not the backlog.
 */
export const settleOpen = (engine: Engine, pair: PairState, rule: CompiledRule, now: number) => {
  if (rule.renotifyMs <= 0) return engine.queue.remove(pair);
  let due = (pair.lastNotifiedAt ?? pair.firedAt) + rule.renotifyMs;
  if (due <= now) due += (Math.floor((now - due) / rule.renotifyMs) + 1) * rule.renotifyMs;
  engine.queue.set(pair, due);
};

export const readyAt = (pair: PairState, rule: CompiledRule) =>
  Math.max(pair.since + rule.delayMs, cooldownEnd(pair, rule));

const fire = (
  engine: Engine,
  device: DeviceEntry,
  pair: PairState,
  rule: CompiledRule,
  at: number,
) => {
  setPhase(engine, pair, 'open');
  pair.firedAt = at;
  pair.lastNotifiedAt = null;
  settleOpen(engine, pair, rule, at);
  emit(engine, 'fired', device, rule, at);
};

/**
 * Fires a pending rule once the delay and cooldown have passed and enough readings held. Until the
 * time allows, it waits in the queue; once only readings are missing, for the next reading. A
 * reading fires at its own time, the queue at the moment the rule became ready.
 */
export const advancePending = (
  engine: Engine,
  device: DeviceEntry,
  pair: PairState,
  rule: CompiledRule,
  now: number,
  fromQueue: boolean,
) => {
  const ready = readyAt(pair, rule);
  if (ready > now) return engine.queue.set(pair, ready);
  engine.queue.remove(pair);
  if (pair.count >= rule.repetitions) fire(engine, device, pair, rule, fromQueue ? ready : now);
};

export const resolve = (
  engine: Engine,
  device: DeviceEntry,
  pair: PairState,
  rule: CompiledRule,
  at: number,
  reason: string,
) => {
  pair.resolvedAt = at;
  settleIdle(engine, device, pair, rule, at);
  emit(engine, 'resolved', device, rule, at, reason);
};

const stepEvent = (
  engine: Engine,
  device: DeviceEntry,
  pair: PairState | undefined,
  rule: CompiledRule,
  holds: boolean,
  at: number,
) => {
  if (!holds || (pair && cooldownEnd(pair, rule) > at)) return;
  if (rule.cooldownMs > 0) {
    const kept = pair ?? pairOf(engine, device, rule.id);
    kept.resolvedAt = at;
    settleIdle(engine, device, kept, rule, at);
  }
  emit(engine, 'event', device, rule, at);
};

/** Applies one evaluation of the rule on a reading at `at`. */
export const stepReading = (
  engine: Engine,
  device: DeviceEntry,
  rule: CompiledRule,
  holds: boolean,
  at: number,
) => {
  const pair = device.pairs?.get(rule.id);
  if (rule.event) return stepEvent(engine, device, pair, rule, holds, at);
  if (pair?.phase === 'open') {
    if (!holds) resolve(engine, device, pair, rule, at, RESOLVE_REASONS.cleared);
    return;
  }
  if (!holds) {
    if (pair) settleIdle(engine, device, pair, rule, at);
    return;
  }
  const held = pair ?? pairOf(engine, device, rule.id);
  if (held.phase === 'pending') held.count += 1;
  else {
    setPhase(engine, held, 'pending');
    held.since = at;
    held.count = 1;
  }
  advancePending(engine, device, held, rule, at, false);
};

/** Handles a state whose due time came: a delay or cooldown ended, a renotify, a cooldown over. */
export const stepDue = (engine: Engine, pair: PairState, now: number) => {
  const device = engine.devices.get(pair.deviceId);
  const rule = engine.rules.get(pair.ruleId);
  // Removing a device or a rule drops its states, so both exist; the check satisfies the types.
  if (!device || !rule) return;
  if (pair.phase === 'pending') return advancePending(engine, device, pair, rule, now, true);
  if (pair.phase === 'idle') return settleIdle(engine, device, pair, rule, now);
  const at = pair.dueAt;
  pair.lastNotifiedAt = at;
  settleOpen(engine, pair, rule, now);
  emit(engine, 'renotify', device, rule, at);
};

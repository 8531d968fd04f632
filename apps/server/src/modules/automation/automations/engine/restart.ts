import { expressionHolds } from './expression';
import { deviceOf, dropPair, pairOf, setPhase, type Engine, type PairState } from './pair-state';
import { leave } from './pair-changes';
import { advancePending, resolve, settleOpen } from './pair-steps';
import {
  RESOLVE_REASONS,
  type OpenAlert,
  type ParameterValue,
  type PendingState,
} from './rule-types';

/**
 * Seeds open alerts and last known values after a restart, without transitions; returns the
 * seeded states for `reconcileRestored`.
 */
export const restoreState = (
  engine: Engine,
  open: readonly OpenAlert[],
  values: ReadonlyMap<number, Readonly<Record<string, ParameterValue>>>,
): PairState[] => {
  for (const [deviceId, known] of values) {
    const device = deviceOf(engine, deviceId);
    for (const [key, value] of Object.entries(known)) device.values.set(key, value);
    // Values arrived without an evaluation: the next reading evaluates every rule once.
    device.seen = -1;
  }
  return open.map((alert) => {
    const device = deviceOf(engine, alert.deviceId);
    const pair = pairOf(engine, device, alert.ruleId);
    setPhase(engine, pair, 'open');
    pair.firedAt = alert.firedAt.getTime();
    pair.lastNotifiedAt = alert.lastNotifiedAt?.getTime() ?? null;
    engine.queue.remove(pair);
    return pair;
  });
};

/**
 * Decides the seeded alerts on the seeded values: gone or out-of-scope rules resolve, so do those
 * now false (with hysteresis, as any open rule); the true ones stay open without a new 'fired'.
 */
export const reconcileRestored = (engine: Engine, seeded: readonly PairState[], at: number) => {
  for (const pair of seeded) {
    const device = engine.devices.get(pair.deviceId);
    // Skips what changed since the restore (forgotten device, rule already resolved).
    if (!device || device.pairs?.get(pair.ruleId) !== pair || pair.phase !== 'open') continue;
    const rule = engine.rules.get(pair.ruleId);
    if (!rule) {
      leave(engine, device, pair, rule, at, RESOLVE_REASONS.ruleRemoved);
      continue;
    }
    if (!device.group?.ids.has(rule.id) || device.disabled?.has(rule.id)) {
      leave(engine, device, pair, rule, at, RESOLVE_REASONS.outOfScope);
      continue;
    }
    if (expressionHolds(rule, (key) => device.values.get(key), null, true))
      settleOpen(engine, pair, rule, at);
    else resolve(engine, device, pair, rule, at, RESOLVE_REASONS.clearedWhileDown);
  }
};

/** Seeds checkpointed pending delays (after `restoreState`); a pair already known is left alone. */
export const restorePending = (engine: Engine, pending: readonly PendingState[]): PairState[] =>
  pending.flatMap((state) => {
    const device = deviceOf(engine, state.deviceId);
    if (device.pairs?.has(state.ruleId)) return [];
    const pair = pairOf(engine, device, state.ruleId);
    setPhase(engine, pair, 'pending');
    pair.since = state.since.getTime();
    pair.count = state.count;
    return [pair];
  });

/**
 * Decides the seeded delays on the seeded values: a rule gone, out of scope or now false forgets
 * its delay (it never fired: nothing to resolve); one still true keeps its clock and fires when
 * the delay ends, now if it ended while the server was down. Values that cannot be read leave the
 * delay to the next reading.
 */
export const reconcilePending = (engine: Engine, seeded: readonly PairState[], at: number) => {
  for (const pair of seeded) {
    const device = engine.devices.get(pair.deviceId);
    if (!device || device.pairs?.get(pair.ruleId) !== pair || pair.phase !== 'pending') continue;
    const rule = engine.rules.get(pair.ruleId);
    const valid = rule && device.group?.ids.has(rule.id) && !device.disabled?.has(rule.id);
    if (!rule || !valid) {
      dropPair(engine, device, pair);
      continue;
    }
    if (!rule.parameters.every((key) => device.values.has(key))) continue;
    if (expressionHolds(rule, (key) => device.values.get(key), null, false))
      advancePending(engine, device, pair, rule, at, false);
    else dropPair(engine, device, pair);
  }
};

import { expressionHolds } from './expression';
import { deviceOf, pairOf, setPhase, type Engine, type PairState } from './pair-state';
import { leave } from './pair-changes';
import { resolve, settleOpen } from './pair-steps';
import { RESOLVE_REASONS, type OpenAlert, type ParameterValue } from './rule-types';

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

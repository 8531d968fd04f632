import { dropPair, type DeviceEntry, type Engine, type PairState } from './pair-state';
import { readyAt, resolve, settleIdle, settleOpen } from './pair-steps';
import { RESOLVE_REASONS, type CompiledRule } from './rule-types';

// Rule, scope and restart changes to a (device, rule) state, as opposed to readings and due times.

/** Resolves an alert whose rule is not known (any more): no parameters to report. */
const resolveOrphan = (
  engine: Engine,
  device: DeviceEntry,
  pair: PairState,
  at: number,
  reason: string,
) => {
  dropPair(engine, device, pair);
  engine.emit({
    kind: 'resolved',
    deviceId: device.id,
    ruleId: pair.ruleId,
    at: new Date(at),
    values: {},
    reason,
  });
};

/** Ends the rule on the device: an open alert resolves, anything else is forgotten. */
export const leave = (
  engine: Engine,
  device: DeviceEntry,
  pair: PairState,
  rule: CompiledRule | undefined,
  at: number,
  reason: string,
) => {
  if (pair.phase !== 'open') return dropPair(engine, device, pair);
  if (!rule) return resolveOrphan(engine, device, pair, at, reason);
  resolve(engine, device, pair, rule, at, reason);
  dropPair(engine, device, pair);
};

/** After the rule's definition changed (same id): its timings may have. */
export const resettle = (
  engine: Engine,
  device: DeviceEntry,
  pair: PairState,
  rule: CompiledRule,
  now: number,
) => {
  if (rule.event && pair.phase === 'open')
    return resolve(engine, device, pair, rule, now, RESOLVE_REASONS.ruleChanged);
  if (rule.event && pair.phase === 'pending') return settleIdle(engine, device, pair, rule, now);
  if (pair.phase === 'pending') return engine.queue.set(pair, readyAt(pair, rule));
  if (pair.phase === 'open') return settleOpen(engine, pair, rule, now);
  settleIdle(engine, device, pair, rule, now);
};

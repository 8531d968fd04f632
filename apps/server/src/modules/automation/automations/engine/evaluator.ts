import { createDueQueue } from './due-queue';
import {
  deviceOf,
  dropPair,
  type DeviceEntry,
  type Engine,
  type PairState,
  type Phase,
} from './pair-state';
import { observeReading } from './observe';
import { leave, resettle } from './pair-changes';
import { stepDue } from './pair-steps';
import { reconcilePending, reconcileRestored, restorePending, restoreState } from './restart';
import { createRuleGroups } from './rule-groups';
import {
  RESOLVE_REASONS,
  type CompiledRule,
  type OpenAlert,
  type ParameterValue,
  type PendingState,
  type Transition,
} from './rule-types';

export interface RuleEvaluatorOptions {
  /** Called synchronously for every transition; the evaluator never awaits. */
  onTransition: (transition: Transition) => void;
  /** The time of rule and scope changes when the caller gives none. */
  now?: () => Date;
}

export interface RuleEvaluator {
  /** Replaces the rule set; open alerts of removed rules resolve, same ids keep their state. */
  setRules(rules: readonly CompiledRule[], at?: Date): void;
  /** Which rules apply to the device; open alerts of rules no longer assigned resolve. */
  assign(deviceId: number, ruleIds: readonly number[], at?: Date): void;
  disable(deviceId: number, ruleId: number, disabled: boolean, at?: Date): void;
  /** Merges a reading into the device's known values and evaluates the rules reading its keys. */
  observe(deviceId: number, values: Readonly<Record<string, ParameterValue>>, at: Date): void;
  /** Handles what became due by `now` (delays, cooldowns, renotifies); returns how many. */
  tick(now: Date): number;
  /** Seeds open alerts and known values after a restart (before `reconcile`). */
  restore(
    open: readonly OpenAlert[],
    values: ReadonlyMap<number, Readonly<Record<string, ParameterValue>>>,
  ): void;
  /** Seeds checkpointed delays (before `reconcile`). */
  restorePending(pending: readonly PendingState[]): void;
  reconcile(at: Date): void;
  openAlerts(): OpenAlert[];
  /** The rules waiting out a delay, for the checkpoint. */
  pendingStates(): PendingState[];
  pendingCount(): number;
  /** States waiting for a time: pending delays or cooldowns, renotifies, cooldowns to forget. */
  dueCount(): number;
  /** The device was deleted: its state goes without transitions. */
  forget(deviceId: number): void;
}

export const createRuleEvaluator = (options: RuleEvaluatorOptions): RuleEvaluator => {
  const clock = options.now ?? (() => new Date());
  const engine: Engine = {
    rules: new Map(),
    devices: new Map(),
    queue: createDueQueue<PairState>(),
    byRule: new Map(),
    pending: 0,
    emit: options.onTransition,
  };
  const groups = createRuleGroups(engine.rules);
  let seeded: PairState[] = [];
  let seededPending: PairState[] = [];
  const pairsOf = (device: DeviceEntry) => [...(device.pairs?.values() ?? [])];
  const statesIn = (phase: Phase) => {
    const found: PairState[] = [];
    for (const states of engine.byRule.values())
      for (const pair of states) if (pair.phase === phase) found.push(pair);
    return found;
  };

  return {
    setRules(rules, at = clock()) {
      const previous = engine.rules;
      engine.rules = new Map(rules.map((rule) => [rule.id, rule]));
      for (const [id, states] of [...engine.byRule]) {
        const rule = engine.rules.get(id);
        if (rule === previous.get(id)) continue;
        for (const pair of [...states]) {
          const device = deviceOf(engine, pair.deviceId);
          if (rule) resettle(engine, device, pair, rule, at.getTime());
          else
            leave(
              engine,
              device,
              pair,
              previous.get(id),
              at.getTime(),
              RESOLVE_REASONS.ruleRemoved,
            );
        }
      }
      groups.rebuild(engine.rules);
    },
    assign(deviceId, ruleIds, at = clock()) {
      const device = deviceOf(engine, deviceId);
      const group = groups.acquire(ruleIds);
      if (device.group) groups.release(device.group);
      if (device.group === group) return;
      device.group = group;
      device.seen = -1;
      for (const pair of pairsOf(device))
        if (!group.ids.has(pair.ruleId))
          leave(
            engine,
            device,
            pair,
            engine.rules.get(pair.ruleId),
            at.getTime(),
            RESOLVE_REASONS.outOfScope,
          );
    },
    disable(deviceId, ruleId, disabled, at = clock()) {
      const device = deviceOf(engine, deviceId);
      if (disabled) {
        (device.disabled ??= new Set()).add(ruleId);
        const pair = device.pairs?.get(ruleId);
        if (pair)
          leave(
            engine,
            device,
            pair,
            engine.rules.get(ruleId),
            at.getTime(),
            RESOLVE_REASONS.outOfScope,
          );
        return;
      }
      if (!device.disabled?.delete(ruleId)) return;
      if (device.disabled.size === 0) device.disabled = null;
      device.seen = -1;
    },
    observe(deviceId, values, at) {
      observeReading(engine, deviceOf(engine, deviceId), values, at.getTime());
    },
    tick(now) {
      const time = now.getTime();
      let handled = 0;
      for (let pair = engine.queue.popDue(time); pair; pair = engine.queue.popDue(time)) {
        handled += 1;
        stepDue(engine, pair, time);
      }
      return handled;
    },
    restore(open, values) {
      seeded = seeded.concat(restoreState(engine, open, values));
    },
    restorePending(pending) {
      seededPending = seededPending.concat(restorePending(engine, pending));
    },
    reconcile(at) {
      const restored = seeded;
      const delays = seededPending;
      seeded = [];
      seededPending = [];
      reconcileRestored(engine, restored, at.getTime());
      reconcilePending(engine, delays, at.getTime());
    },
    openAlerts: (): OpenAlert[] =>
      statesIn('open').map((pair) => ({
        deviceId: pair.deviceId,
        ruleId: pair.ruleId,
        firedAt: new Date(pair.firedAt),
        lastNotifiedAt: pair.lastNotifiedAt === null ? null : new Date(pair.lastNotifiedAt),
      })),
    pendingStates: (): PendingState[] =>
      statesIn('pending').map((pair) => ({
        deviceId: pair.deviceId,
        ruleId: pair.ruleId,
        since: new Date(pair.since),
        count: pair.count,
      })),
    pendingCount: () => engine.pending,
    dueCount: () => engine.queue.size(),
    forget(deviceId) {
      const device = engine.devices.get(deviceId);
      if (!device) return;
      for (const pair of pairsOf(device)) dropPair(engine, device, pair);
      if (device.group) groups.release(device.group);
      engine.devices.delete(deviceId);
    },
  };
};

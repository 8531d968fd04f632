import type { DueQueue, Queued } from './due-queue';
import type { RuleGroup } from './rule-groups';
import type { CompiledRule, ParameterValue, Transition } from './rule-types';

export type Phase = 'idle' | 'pending' | 'open';

/**
 * One rule on one device. It exists only while the rule is pending or open, or idle inside its
 * cooldown; a rule that is simply false on a device costs nothing.
 */
export interface PairState extends Queued {
  readonly deviceId: number;
  readonly ruleId: number;
  phase: Phase;
  /** Pending: since when the expression holds and over how many readings. */
  since: number;
  count: number;
  /** Open: when it fired and was last renotified. */
  firedAt: number;
  lastNotifiedAt: number | null;
  /** The last resolve (or event), which the cooldown counts from. */
  resolvedAt: number | null;
}

export interface DeviceEntry {
  readonly id: number;
  values: Map<string, ParameterValue>;
  group: RuleGroup | null;
  /** The group version this device last evaluated every rule against (-1: must do so). */
  seen: number;
  disabled: Set<number> | null;
  pairs: Map<number, PairState> | null;
}

/** Everything the evaluator keeps, shared by its steps. */
export interface Engine {
  rules: Map<number, CompiledRule>;
  devices: Map<number, DeviceEntry>;
  queue: DueQueue<PairState>;
  /** The states of each rule, so changing or removing a rule never scans devices. */
  byRule: Map<number, Set<PairState>>;
  pending: number;
  emit: (transition: Transition) => void;
}

export const deviceOf = (engine: Engine, deviceId: number): DeviceEntry => {
  let device = engine.devices.get(deviceId);
  if (!device) {
    device = {
      id: deviceId,
      values: new Map(),
      group: null,
      seen: -1,
      disabled: null,
      pairs: null,
    };
    engine.devices.set(deviceId, device);
  }
  return device;
};

export const pairOf = (engine: Engine, device: DeviceEntry, ruleId: number): PairState => {
  const existing = device.pairs?.get(ruleId);
  if (existing) return existing;
  const pair: PairState = {
    deviceId: device.id,
    ruleId,
    phase: 'idle',
    since: 0,
    count: 0,
    firedAt: 0,
    lastNotifiedAt: null,
    resolvedAt: null,
    dueAt: 0,
    queueIndex: -1,
  };
  (device.pairs ??= new Map()).set(ruleId, pair);
  let states = engine.byRule.get(ruleId);
  if (!states) engine.byRule.set(ruleId, (states = new Set()));
  states.add(pair);
  return pair;
};

export const setPhase = (engine: Engine, pair: PairState, phase: Phase) => {
  if (pair.phase === 'pending') engine.pending -= 1;
  if (phase === 'pending') engine.pending += 1;
  pair.phase = phase;
};

/** Forgets the state silently (no transition). */
export const dropPair = (engine: Engine, device: DeviceEntry, pair: PairState) => {
  setPhase(engine, pair, 'idle');
  engine.queue.remove(pair);
  device.pairs?.delete(pair.ruleId);
  if (device.pairs?.size === 0) device.pairs = null;
  const states = engine.byRule.get(pair.ruleId);
  states?.delete(pair);
  if (states?.size === 0) engine.byRule.delete(pair.ruleId);
};

export const valuesOf = (device: DeviceEntry, rule: CompiledRule) => {
  const values: Record<string, ParameterValue | null> = {};
  for (const parameter of rule.parameters) values[parameter] = device.values.get(parameter) ?? null;
  for (const parameter of rule.carries ?? [])
    values[parameter] = device.values.get(parameter) ?? null;
  return values;
};

import {
  automationValuesOf,
  type TelemetryCategory,
  type TelemetryData,
} from '@netfleet/contracts';
import { createRuleEvaluator } from '@/modules/automation/automations/engine/evaluator';
import type { CompiledRule, Transition } from '@/modules/automation/automations/engine/rule-types';

/** A stored reading of one of the rule's categories. */
export interface ReplayReading {
  deviceId: number;
  category: TelemetryCategory;
  ts: Date;
  data: unknown;
}

export interface ReplayCounts {
  fired: number;
  resolved: number;
  byDevice: Map<number, { fired: number; resolved: number }>;
}

export const emptyCounts = (): ReplayCounts => ({ fired: 0, resolved: 0, byDevice: new Map() });

/** Readings stored before a schema change may lack a field: such a reading carries no values. */
const valuesOf = (reading: ReplayReading) => {
  try {
    return automationValuesOf(reading.category, reading.data as TelemetryData<TelemetryCategory>);
  } catch {
    return {};
  }
};

/**
 * Replays readings, oldest first, through the live evaluator on a clock that follows the readings'
 * times, so delays, cooldowns and hysteresis count exactly as they would have live. Alerts still
 * open at `until` count as fired, not resolved; an event rule's events count as fired.
 */
export const replayReadings = (
  rule: CompiledRule,
  deviceIds: readonly number[],
  readings: readonly ReplayReading[],
  until: Date,
  counts: ReplayCounts = emptyCounts(),
): ReplayCounts => {
  let clock = readings[0]?.ts ?? until;
  const count = (transition: Transition) => {
    const kind = transition.kind === 'resolved' ? 'resolved' : 'fired';
    if (transition.kind === 'renotify') return;
    counts[kind] += 1;
    const device = counts.byDevice.get(transition.deviceId) ?? { fired: 0, resolved: 0 };
    device[kind] += 1;
    counts.byDevice.set(transition.deviceId, device);
  };
  const evaluator = createRuleEvaluator({ onTransition: count, now: () => clock });
  evaluator.setRules([rule], clock);
  for (const deviceId of deviceIds) evaluator.assign(deviceId, [rule.id], clock);
  for (const reading of readings) {
    clock = reading.ts;
    evaluator.tick(clock);
    evaluator.observe(reading.deviceId, valuesOf(reading), clock);
  }
  clock = until;
  evaluator.tick(until);
  return counts;
};

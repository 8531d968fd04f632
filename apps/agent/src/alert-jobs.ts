import {
  addDataUsage,
  type AlertMessage,
  type AlertsConfigArgs,
  alertsConfigArgsSchema,
  automationValuesOf,
  type CommandMessage,
  type DataUsageState,
  type DeviceAlertState,
  type DeviceAlertValues,
  emptyDeviceAlertState,
  evaluateDeviceAlerts,
  pruneDeviceAlertState,
  type TelemetryCategory,
  type TelemetryData,
} from '@netfleet/contracts';
import { rejection } from './config-jobs.ts';
import type { CommandContext, CommandOutcome } from './types.ts';

// What netfleet-agent and the simulator share about device alert configurations: the
// `alerts_config` job (save, then apply) and the watch that evaluates the set on every reading the
// device sends and publishes each event on `nf/d/<id>/al`.

export const ALERTS_STOPPED = 'Alerts stopped';

export const alertingMessage = (count: number): string =>
  count === 0 ? ALERTS_STOPPED : `Watching ${count} alert ${count === 1 ? 'config' : 'configs'}`;

export type AlertSet = AlertsConfigArgs;
export const EMPTY_ALERT_SET: AlertsConfigArgs = { version: 0, configs: [] };

/**
 * `alerts_config`: saves the device's new whole set (`save` answers why it could not, or null),
 * then makes it the one the session watches. A set that could not be saved is not applied.
 */
export const alertsConfigJob = async (
  command: CommandMessage,
  context: CommandContext,
  save: (set: AlertsConfigArgs) => Promise<string | null> | string | null,
): Promise<CommandOutcome> => {
  const parsed = alertsConfigArgsSchema.safeParse(command.args);
  if (!parsed.success) return rejection(parsed.error).rejected;
  const problem = await save(parsed.data);
  if (problem !== null) return { status: 'failed', message: problem };
  context.alerts?.(parsed.data);
  return { status: 'completed', message: alertingMessage(parsed.data.configs.length) };
};

/** The values alert configs read in one reading (a reading that does not fit gives none). */
export const alertValuesOf = (category: TelemetryCategory, data: unknown): DeviceAlertValues => {
  try {
    const values = automationValuesOf(category, data as TelemetryData<typeof category>);
    if (category === 'gps') {
      const gps = data as { latitude?: unknown; longitude?: unknown };
      if (typeof gps.latitude === 'number') values.latitude = gps.latitude;
      if (typeof gps.longitude === 'number') values.longitude = gps.longitude;
    }
    return values;
  } catch {
    return {};
  }
};

/** The bytes of a dynamic reading per SIM slot (1, 2; an eSIM is 3). */
const bytesBySim = (data: unknown): Map<number, number> => {
  const bytes = new Map<number, number>();
  const modems = (data as { modems?: unknown }).modems;
  if (!Array.isArray(modems)) return bytes;
  for (const modem of modems as { sim?: unknown; rx?: unknown; tx?: unknown }[]) {
    const slot = modem.sim === 'esim' ? 3 : Number(modem.sim);
    const sum = (Number(modem.rx) || 0) + (Number(modem.tx) || 0);
    bytes.set(slot, (bytes.get(slot) ?? 0) + sum);
  }
  return bytes;
};

/**
 * A device's alert set and what it last saw (values, and data usage per period since this process
 * started); events go to `publish`.
 */
export class AlertWatch {
  private state: DeviceAlertState = emptyDeviceAlertState();
  private usage: DataUsageState = {};

  constructor(
    private set: AlertsConfigArgs,
    private readonly publish: (message: AlertMessage) => void,
    private readonly now: () => number = Date.now,
  ) {}

  get current(): AlertsConfigArgs {
    return this.set;
  }

  replace(set: AlertsConfigArgs): void {
    this.set = set;
    this.state = pruneDeviceAlertState(this.state, set.configs);
  }

  /** One reading the device sent; answers the events it raised. */
  reading(category: TelemetryCategory, data: unknown): AlertMessage[] {
    if (this.set.configs.length === 0) return [];
    const at = this.now();
    const values = alertValuesOf(category, data);
    if (category === 'dynamic') {
      const usage = addDataUsage(this.usage, this.set.configs, bytesBySim(data), at);
      this.usage = usage.state;
      Object.assign(values, usage.values);
    }
    if (Object.keys(values).length === 0) return [];
    const { events, state } = evaluateDeviceAlerts(this.set.configs, values, this.state, at);
    this.state = state;
    const messages = events.map((event) => ({ ts: at, ...event }));
    for (const message of messages) this.publish(message);
    return messages;
  }
}

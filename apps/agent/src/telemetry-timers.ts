import type { MqttClient } from 'mqtt';
import {
  TELEMETRY_CATEGORIES,
  topics,
  type ConfigMessage,
  type TelemetryCategory,
} from '@netfleet/contracts';
import type { DeviceBehaviour, SessionCounters } from './types.ts';

export interface TelemetryTimersOptions {
  deviceId: number;
  behaviour: Pick<DeviceBehaviour, 'read'>;
  counters: SessionCounters;
  /** The session's client; readings go out only while it is connected. */
  client: () => MqttClient | null;
  /** A publish the session's stop cut off is not an error. */
  stopped: () => boolean;
  /** Bench mode: dynamic telemetry every this many ms, whatever the configured periods. */
  intervalMs?: number;
  random: () => number;
  log?: (message: string) => void;
  /** Every reading sent, as read (device alerts evaluate it). */
  onReading?: (category: TelemetryCategory, data: unknown) => void;
}

/** A device's telemetry: one timer per category the server's periods ask for (QoS 1 readings). */
export class TelemetryTimers {
  private readonly timers = new Map<TelemetryCategory | 'bench', NodeJS.Timeout>();

  constructor(private readonly options: TelemetryTimersOptions) {}

  /** The server's periods: every category with one is read now and then every period. */
  apply(periods: ConfigMessage['periods']) {
    this.clear();
    this.startBench();
    for (const category of TELEMETRY_CATEGORIES) {
      const seconds = periods[category] ?? 0;
      if (seconds <= 0) continue;
      void this.send(category);
      this.timers.set(
        category,
        setInterval(() => void this.send(category), seconds * 1000),
      );
    }
  }

  startBench() {
    const interval = this.options.intervalMs;
    if (!interval || this.timers.has('bench')) return;
    // A random first offset spreads a fleet's messages over the interval instead of in bursts.
    const first = setTimeout(
      () => {
        void this.send('dynamic');
        this.timers.set(
          'bench',
          setInterval(() => void this.send('dynamic'), interval),
        );
      },
      Math.floor(this.options.random() * interval),
    );
    this.timers.set('bench', first);
  }

  clear() {
    for (const timer of this.timers.values()) clearInterval(timer);
    this.timers.clear();
  }

  sendAll(): void {
    for (const category of TELEMETRY_CATEGORIES) void this.send(category);
  }

  /**
   * A reading of `category` now, out of its period, when the server's periods ask for that
   * category at all (a change the console should see before the next period: a VPN joined).
   */
  sendNow(category: TelemetryCategory): void {
    if (this.timers.has(category)) void this.send(category);
  }

  private async send(category: TelemetryCategory) {
    const { counters, deviceId } = this.options;
    const client = this.options.client();
    if (!client?.connected) return;
    let data: unknown;
    try {
      data = await this.options.behaviour.read(category);
    } catch (error) {
      counters.errors += 1;
      this.options.log?.(`device ${deviceId}: reading ${category} failed: ${String(error)}`);
      return;
    }
    if (data === null || data === undefined) return;
    this.options.onReading?.(category, data);
    counters.sent += 1;
    const message = JSON.stringify({ ts: Date.now(), data });
    client.publish(topics.telemetry(deviceId, category), message, { qos: 1 }, (error) => {
      if (!error) counters.acked += 1;
      else if (!this.options.stopped()) counters.errors += 1;
    });
  }
}

import {
  collectConfig,
  type CollectConfig,
  type CollectMessage,
  type LocalApi,
} from '@netfleet/contracts';

/** setTimeout's longest delay (about 24.8 days); a longer period waits in several steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface CollectScheduleOptions {
  api: LocalApi;
  /** Sends one run's message (the session publishes it on `nf/d/<id>/dc`). */
  publish: (message: CollectMessage) => void;
  /** The set saved before this process started. */
  configs?: readonly CollectConfig[];
  onError?: (config: CollectConfig, error: unknown) => void;
}

/**
 * Runs a device's data-collect configs every `period` seconds while it is connected. A new set
 * runs at once; after a reconnect each config keeps its cadence and runs at once only if it fell
 * due while the device was away, so a flapping link does not send a run per reconnect.
 */
export class CollectSchedule {
  private configs: readonly CollectConfig[];
  /** Per config (by index): when it runs next, in ms since the epoch; 0 = at once. */
  private due: number[];
  private timers: NodeJS.Timeout[] = [];
  private active = false;
  /** Bumped by replace(): a run of a set that was replaced meanwhile publishes nothing. */
  private generation = 0;
  /** Configs (by index) whose run has not finished: a slow run is not overlapped by the next. */
  private running = new Set<number>();

  constructor(private readonly options: CollectScheduleOptions) {
    this.configs = options.configs ?? [];
    this.due = this.configs.map(() => 0);
  }

  /** Starts the timers (the device is connected). */
  resume(): void {
    if (this.active) return;
    this.active = true;
    this.configs.forEach((config, index) => this.schedule(config, index));
  }

  /** Stops the timers (the device is offline or stopping); resume() picks the cadence up again. */
  pause(): void {
    this.active = false;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  /** The whole set from now on (empty stops collecting); while connected each config runs now. */
  replace(configs: readonly CollectConfig[]): void {
    const wasActive = this.active;
    this.pause();
    this.generation += 1;
    this.running.clear();
    this.configs = configs;
    this.due = configs.map(() => 0);
    if (wasActive) this.resume();
  }

  private schedule(config: CollectConfig, index: number) {
    const wait = Math.max(0, (this.due[index] ?? 0) - Date.now());
    this.timers[index] = setTimeout(
      () => (wait > MAX_TIMER_MS ? this.schedule(config, index) : void this.run(config, index)),
      Math.min(wait, MAX_TIMER_MS),
    );
  }

  private async run(config: CollectConfig, index: number) {
    const now = Date.now();
    const generation = this.generation;
    this.due[index] = now + config.period * 1000;
    this.schedule(config, index);
    if (this.running.has(index)) return;
    this.running.add(index);
    try {
      const message = await collectConfig(config, this.options.api, now);
      if (generation === this.generation) this.options.publish(message);
    } catch (error) {
      this.options.onError?.(config, error);
    } finally {
      if (generation === this.generation) this.running.delete(index);
    }
  }
}

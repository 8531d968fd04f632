import { connect, type ErrorWithReasonCode, type MqttClient } from 'mqtt';
import {
  commandMessageSchema,
  controlMessageSchema,
  parseJsonPayload,
  configMessageSchema,
  topics,
  type AckMessage,
  type CollectConfig,
  type CommandMessage,
  type ConfigMessage,
  type HubStateMessage,
  type TelemetryCategory,
} from '@netfleet/contracts';
import type { TunnelMux } from '@netfleet/contracts/tunnel';
import { type AlertSet, AlertWatch, EMPTY_ALERT_SET } from './alert-jobs.ts';
import { CollectSchedule } from './collect-schedule.ts';
import { runCommand } from './command-runner.ts';
import { helloOf } from './hello.ts';
import { RecentJobs } from './job-ids.ts';
import { ReconnectPlan } from './reconnect-plan.ts';
import { endSession, STOP_TIMEOUT_MS } from './session-end.ts';
import { TelemetryTimers } from './telemetry-timers.ts';
import { answerTunnelRequest } from './tunnel/dial-tunnel.ts';
import type { ConnectFailure, Credential, DeviceBehaviour, SessionCounters } from './types.ts';
import { newCounters } from './types.ts';

/** CONNACK 4 (bad user name or password) and 5 (not authorised): retrying cannot help. */
const REFUSED_CREDENTIAL = new Set([4, 5]);

export interface DeviceSessionOptions {
  mqttUrl: string;
  credential: Credential;
  behaviour: DeviceBehaviour;
  /** `netfleet-agent/0.1.0`, `netfleet-sim/0.1.0`. */
  agent: string;
  counters?: SessionCounters;
  /** Jobs finished before this process started (the agent persists them). */
  doneJobs?: readonly number[];
  onJobsChanged?: (done: number[]) => void;
  /** The data-collect set saved before this process started (`collect_config`). */
  collectConfigs?: readonly CollectConfig[];
  /** The device alert set saved before this process started (`alerts_config`). */
  alertSet?: AlertSet;
  /** After every successful connect, once hello is published. */
  onOnline?: () => void;
  /** The broker refused the credential: the session has stopped for good. */
  onRefused?: (code: number) => void;
  /** Every failed connection attempt and every dropped connection, with why. */
  onConnectFailed?: (failure: ConnectFailure) => void;
  /** Bench mode: dynamic telemetry every this many ms, whatever the configured periods. */
  intervalMs?: number;
  random?: () => number;
  keepalive?: number;
  log?: (message: string) => void;
}

/** One device's life on the broker: online state, hello, telemetry timers, commands, back-off. */
export class DeviceSession {
  private client: MqttClient | null = null;
  private readonly counters: SessionCounters;
  private readonly jobs: RecentJobs;
  /** Jobs received and not finished yet. */
  private readonly running = new Set<number>();
  private readonly random: () => number;
  private readonly telemetry: TelemetryTimers;
  private readonly reconnects: ReconnectPlan;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private paused = false;
  private online = false;
  /** A failure of the current connection was reported, so its close is not reported again. */
  private failureReported = false;
  private onlineWaiters: (() => void)[] = [];
  /** Remote-access tunnels this device has open; they end with the session. */
  private readonly tunnels = new Set<TunnelMux>();
  /** Data collection runs while connected; null for a device without a local API. */
  private readonly collect: CollectSchedule | null;
  private readonly alerts: AlertWatch;

  constructor(private readonly options: DeviceSessionOptions) {
    this.counters = options.counters ?? newCounters();
    this.jobs = new RecentJobs(options.doneJobs);
    this.random = options.random ?? Math.random;
    this.reconnects = new ReconnectPlan(this.random);
    this.alerts = new AlertWatch(options.alertSet ?? EMPTY_ALERT_SET, (message) =>
      this.publishOn(topics.alert(this.deviceId), message),
    );
    this.telemetry = new TelemetryTimers({
      deviceId: options.credential.device_id,
      behaviour: options.behaviour,
      counters: this.counters,
      client: () => this.client,
      stopped: () => this.stopped,
      intervalMs: options.intervalMs,
      random: this.random,
      log: options.log,
      onReading: (category, data) => void this.alerts.reading(category, data),
    });
    const api = options.behaviour.localApi;
    this.collect = api
      ? new CollectSchedule({
          api,
          configs: options.collectConfigs ?? [],
          publish: (message) => this.publishOn(topics.collect(this.deviceId), message),
          onError: (config, error) => {
            this.counters.errors += 1;
            this.options.log?.(
              `device ${this.deviceId}: collect ${config.id} failed: ${String(error)}`,
            );
          },
        })
      : null;
  }

  get deviceId(): number {
    return this.options.credential.device_id;
  }

  get isOnline(): boolean {
    return this.online;
  }

  start(): void {
    const { credential } = this.options;
    const id = credential.device_id;
    const client = connect(this.options.mqttUrl, {
      clientId: credential.username,
      username: credential.username,
      password: credential.password,
      protocolVersion: 4,
      clean: true,
      // Reconnection is ours: reconnectDelay() with jitter, and never after a refused credential.
      reconnectPeriod: 0,
      keepalive: this.options.keepalive ?? 60,
      connectTimeout: 30_000,
      will: {
        topic: topics.state(id),
        payload: Buffer.from(JSON.stringify({ state: 'offline' })),
        qos: 1,
        retain: true,
      },
    });
    this.client = client;
    client.on('connect', () => this.onConnect());
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
    client.on('error', (error) => this.onError(error as ErrorWithReasonCode));
    client.on('close', () => this.onClose());
  }

  /**
   * Ends the session: the device says `offline` itself, then disconnects. Each step waits at most
   * `timeoutMs`; a broker that does not acknowledge in time has the connection cut instead, and
   * then publishes the same `offline` as the last will.
   */
  async stop(timeoutMs = STOP_TIMEOUT_MS): Promise<void> {
    this.stopped = true;
    for (const tunnel of [...this.tunnels]) tunnel.close('device stopping');
    this.telemetry.clear();
    this.collect?.pause();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    if (!client) return;
    await endSession(client, this.deviceId, timeoutMs);
  }

  /**
   * Publishes an ack (QoS 1; queued while offline and sent on reconnect). Resolves once the broker
   * has it, or the connection dropped it.
   */
  ack(message: AckMessage): Promise<void> {
    const client = this.client;
    if (!client) return Promise.resolve();
    return new Promise((resolve) => {
      client.publish(topics.ack(this.deviceId), JSON.stringify(message), { qos: 1 }, (error) => {
        // What stop() cut off is not an error.
        if (error && !this.stopped) this.counters.errors += 1;
        resolve();
      });
    });
  }

  sendAllTelemetry(): void {
    this.telemetry.sendAll();
  }

  /** One category's reading now, if the server's config enables it (TelemetryTimers.sendNow). */
  sendReading(category: TelemetryCategory): void {
    this.telemetry.sendNow(category);
  }

  /**
   * One hub's state (`netfleet-agent --hub`), only while connected: a state is worth nothing once
   * stale, and after the next hello the server's sync and applies bring fresh reports.
   */
  publishHubState(message: HubStateMessage): void {
    if (this.online) this.publishOn(topics.hub(this.deviceId), message);
  }

  private onConnect() {
    const client = this.client;
    if (!client) return;
    const reconnecting = this.reconnects.reconnecting;
    this.reconnects.connected();
    this.online = true;
    this.failureReported = false;
    this.counters.connected += 1;
    const id = this.deviceId;
    // Only finished jobs: a job still running sends its own result when it ends.
    const done = this.jobs.list().filter((job) => !this.running.has(job));
    const hello = helloOf(this.options.behaviour, this.options.agent, done);
    // Subscribed before the hello: the server answers the hello with the config and any waiting
    // commands, and the broker handles a connection's packets in order.
    client.subscribe(
      [topics.config(id), topics.command(id), topics.tunnel(id)],
      { qos: 1 },
      (error) => {
        if (error) {
          this.counters.errors += 1;
          this.options.log?.(`device ${id}: subscribe failed: ${error.message}`);
        }
      },
    );
    // On its own: an external broker may refuse the fleet-wide topic (it never sends on it).
    client.subscribe(topics.control, { qos: 0 }, (error) => {
      if (error) this.options.log?.(`device ${id}: no server control messages: ${error.message}`);
    });
    client.publish(topics.state(id), JSON.stringify({ state: 'online', ts: Date.now() }), {
      qos: 1,
      retain: true,
    });
    client.publish(topics.hello(id), JSON.stringify(hello), { qos: 1 });
    if (reconnecting) this.options.log?.(`device ${id}: reconnected`);
    this.telemetry.startBench();
    this.collect?.resume();
    this.options.onOnline?.();
    for (const resolve of this.onlineWaiters.splice(0)) resolve();
  }

  private onError(error: ErrorWithReasonCode) {
    if (this.stopped) return;
    // With MQTT 3.1.1 a numeric code before the session is online can only come from the CONNACK.
    if (typeof error.code === 'number' && !this.online) {
      this.connectFailed({ kind: 'refused', code: error.code });
      if (REFUSED_CREDENTIAL.has(error.code)) {
        this.stopped = true;
        this.options.log?.(
          `device ${this.deviceId}: broker refused the credential (${error.code})`,
        );
        this.options.onRefused?.(error.code);
        return;
      }
    } else {
      // mqtt.js says a CONNACK did not come in time by this message only.
      this.connectFailed(
        error.message === 'connack timeout'
          ? { kind: 'timeout' }
          : { kind: 'error', message: error.message },
      );
    }
    this.counters.errors += 1;
    this.options.log?.(`device ${this.deviceId}: ${error.message}`);
  }

  private connectFailed(failure: ConnectFailure) {
    this.failureReported = true;
    if (failure.kind === 'refused') this.counters.connackRefusals += 1;
    else if (failure.kind === 'timeout') this.counters.connectTimeouts += 1;
    else this.counters.connectErrors += 1;
    this.options.onConnectFailed?.(failure);
  }

  private onClose() {
    if (this.online) this.counters.connected -= 1;
    this.online = false;
    this.telemetry.clear();
    this.collect?.pause();
    // A broker closing the socket says nothing else (before the CONNACK, or dropping a device).
    if (!this.stopped && !this.paused && !this.failureReported) {
      this.connectFailed({ kind: 'error', message: 'connection closed' });
    }
    this.failureReported = false;
    if (this.stopped || this.paused || this.reconnectTimer) return;
    this.scheduleReconnect(this.reconnects.nextDelay());
  }

  private scheduleReconnect(delay: number) {
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      const client = this.client;
      if (!client || this.stopped) return;
      // Keep the stores: QoS 1 acks queued while offline go out on the next connection.
      client.reconnect({
        incomingStore: client.incomingStore,
        outgoingStore: client.outgoingStore,
      });
    }, delay);
  }

  private onMessage(topic: string, payload: Buffer) {
    const id = this.deviceId;
    if (topic === topics.config(id)) {
      const config = configMessageSchema.safeParse(parseJsonPayload(payload));
      if (config.success) this.applyConfig(config.data);
      else this.options.log?.(`device ${id}: ignoring an invalid config`);
    } else if (topic === topics.command(id)) {
      const command = commandMessageSchema.safeParse(parseJsonPayload(payload));
      if (command.success) void this.runCommand(command.data);
      else this.options.log?.(`device ${id}: ignoring an invalid command`);
    } else if (topic === topics.control) {
      // Unknown types are a newer server's: ignored.
      const control = controlMessageSchema.safeParse(parseJsonPayload(payload));
      if (control.success && control.data.type === 'server_shutdown') {
        this.reconnects.shutdownNotice(control.data);
        this.options.log?.(`device ${id}: the server is stopping; reconnecting later`);
      }
    } else if (topic === topics.tunnel(id)) {
      answerTunnelRequest(parseJsonPayload(payload), {
        credential: this.options.credential,
        open: this.options.behaviour.openStream?.bind(this.options.behaviour),
        tunnels: this.tunnels,
        log: (message) => this.options.log?.(`device ${id}: ${message}`),
        onError: () => (this.counters.errors += 1),
      });
    }
  }

  private applyConfig(config: ConfigMessage) {
    this.telemetry.apply(config.periods);
  }

  /** A device report (data-collect run, alert event) at QoS 1. */
  private publishOn(topic: string, message: unknown) {
    this.client?.publish(topic, JSON.stringify(message), { qos: 1 }, (error) => {
      if (error && !this.stopped) this.counters.errors += 1;
    });
  }

  private runCommand(command: CommandMessage) {
    return runCommand(command, {
      deviceId: this.deviceId,
      behaviour: this.options.behaviour,
      counters: this.counters,
      jobs: this.jobs,
      running: this.running,
      ack: (message) => this.ack(message),
      context: {
        sendAllTelemetry: () => this.sendAllTelemetry(),
        sendReading: (category) => this.sendReading(category),
        restart: (downtimeMs, whileDown) => this.restart(downtimeMs, whileDown),
        collect: (configs) => this.collect?.replace(configs),
        alerts: (set) => this.alerts.replace(set),
      },
      onJobsChanged: this.options.onJobsChanged,
      log: this.options.log,
    });
  }

  /**
   * Drops the connection as a power cut or a lost uplink would (the broker publishes the last
   * will) and comes back after `downtimeMs`; resolves once online again.
   */
  goOffline(downtimeMs: number): Promise<void> {
    const client = this.client;
    if (!client || this.stopped) return Promise.resolve();
    this.paused = true;
    // The socket is cut, the client is not ended: unlike a reboot, what the device published
    // meanwhile (a job's result) stays queued and goes out once it is back.
    client.stream.destroy();
    setTimeout(() => {
      this.paused = false;
      if (this.stopped) return;
      client.reconnect({
        incomingStore: client.incomingStore,
        outgoingStore: client.outgoingStore,
      });
    }, downtimeMs);
    return new Promise((resolve) => this.onlineWaiters.push(resolve));
  }

  private restart(downtimeMs: number, whileDown?: () => void): Promise<void> {
    const client = this.client;
    if (!client || this.stopped) return Promise.resolve();
    this.paused = true;
    // A forced end drops the socket without DISCONNECT, so the broker publishes the last will.
    client.end(true, () => {
      setTimeout(() => {
        this.paused = false;
        if (this.stopped) return;
        whileDown?.();
        // end() closed the stores; a rebooted device starts with empty ones anyway.
        client.reconnect();
      }, downtimeMs);
    });
    return new Promise((resolve) => this.onlineWaiters.push(resolve));
  }
}

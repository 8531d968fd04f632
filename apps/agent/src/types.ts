import type { Duplex } from 'node:stream';
import type {
  AlertsConfigArgs,
  CollectConfig,
  CommandMessage,
  HubHost,
  LocalApi,
  TelemetryCategory,
} from '@netfleet/contracts';
import type { OpenError, OpenPayload } from '@netfleet/contracts/tunnel';

/** What a device says about itself in the enrolment request and in every hello. */
export interface DeviceIdentity {
  serial: string;
  mac?: string;
  imei?: string;
  model: string;
  firmware: string;
}

/** The per-device MQTT credential the enrolment answered with. */
export interface Credential {
  device_id: number;
  username: string;
  password: string;
}

export interface CommandOutcome {
  status: 'completed' | 'failed' | 'rejected';
  message?: string;
  result?: string;
}

/** What a command handler may ask of the session that runs it. */
export interface CommandContext {
  /** Publishes a `progress` ack; resolves once the broker has it. */
  progress(value: number, total: number, message?: string): Promise<void>;
  /** Publishes every category the device has, now (update_metrics_data). */
  sendAllTelemetry(): void;
  /**
   * Publishes one category's reading now if the server's periods enable it; usable after the job
   * ended too (a VPN client that connects a few seconds after its join was acked).
   */
  sendReading?(category: TelemetryCategory): void;
  /**
   * Drops the connection the way a power cycle does (the broker publishes the last will), stays
   * away for `downtimeMs`, runs `whileDown` and resolves once the device is back online.
   */
  restart(downtimeMs: number, whileDown?: () => void): Promise<void>;
  /**
   * Makes `configs` the whole data-collect set (`collect_config`; empty stops it): while connected
   * each runs at once, then every period. Saving it is the handler's part.
   */
  collect(configs: readonly CollectConfig[]): void;
  /** Makes `set` the device alert set its readings are evaluated against (`alerts_config`). */
  alerts?(set: AlertsConfigArgs): void;
}

/** The device-specific half of a session: a real Linux box or a simulated router. */
export interface DeviceBehaviour {
  identity(): DeviceIdentity;
  /** Seconds since (real or simulated) boot. */
  uptime(): number;
  /** One category's reading, or null when the device has nothing of that kind. */
  read(category: TelemetryCategory): unknown | Promise<unknown>;
  execute(command: CommandMessage, context: CommandContext): Promise<CommandOutcome>;
  /**
   * Connects one remote-access stream to host:port on the device or its LAN, or says why not.
   * Devices without it ignore tunnel requests.
   */
  openStream?(target: OpenPayload): Promise<Duplex | OpenError>;
  /** The local status API data collection reads. Devices without it collect nothing. */
  localApi?: LocalApi;
  /** The hello's `hub`: whether this machine can run VPN hubs (`netfleet-agent --hub` only). */
  hubHost?(): HubHost | undefined;
}

/** Counters shared by every session of a process (the simulator's stats line, the benchmarks). */
export interface SessionCounters {
  /** Sessions currently connected. */
  connected: number;
  /** Telemetry messages published. */
  sent: number;
  /** Telemetry messages the broker acknowledged (PUBACK). */
  acked: number;
  /** Commands received (not counting repeats). */
  commands: number;
  /** Connection errors, refused publishes and failed enrolments. */
  errors: number;
  /** Connection attempts the broker refused in its CONNACK (any return code). */
  connackRefusals: number;
  /** Connection attempts that got no CONNACK in time. */
  connectTimeouts: number;
  /** Other connection failures: sockets refused, reset or closed, before or after the CONNACK. */
  connectErrors: number;
}

export const newCounters = (): SessionCounters => ({
  connected: 0,
  sent: 0,
  acked: 0,
  commands: 0,
  errors: 0,
  connackRefusals: 0,
  connectTimeouts: 0,
  connectErrors: 0,
});

/** Why a connection attempt failed, or a connection dropped. */
export type ConnectFailure =
  { kind: 'refused'; code: number } | { kind: 'timeout' } | { kind: 'error'; message: string };

import type {
  AckMessage,
  AlertMessage,
  CollectMessage,
  CommandMessage,
  ConfigMessage,
  Hello,
  HubStateMessage,
  TelemetryCategory,
} from '@netfleet/contracts';

/**
 * What the rest of the server may ask of the device gateway. The jobs module sends commands and
 * configuration through it; it never touches the broker itself.
 */
export interface DeviceCommand {
  deviceId: number;
  command: CommandMessage;
}

export interface DeviceLink {
  /** Publishes a command to the device's command topic (QoS 1); resolves once the broker has it. */
  sendCommand(deviceId: number, command: CommandMessage): Promise<void>;
  /** sendCommand for many devices in one hand-over; answers the indexes the broker did not take. */
  sendCommands(commands: readonly DeviceCommand[]): Promise<number[]>;
  /** Publishes the device's monitoring periods (retained, QoS 1). */
  pushConfig(deviceId: number, config: ConfigMessage): Promise<void>;
  /** Whether the device is connected now, as this instance's liveness view knows it. */
  isOnline(deviceId: number): boolean;
}

/** A device that connected and announced itself. */
export interface ReadyDevice {
  deviceId: number;
  hello: Hello;
}

/** What the gateway tells the modules that registered with it. */
export interface GatewayListener {
  /**
   * Devices connected and announced themselves: send them what is waiting. Hellos come in
   * batches (a fleet reconnecting together), so one query can serve them all.
   */
  devicesReady?(devices: readonly ReadyDevice[]): Promise<void>;
  /** The device acknowledged or reported progress on a command. */
  ack?(deviceId: number, ack: AckMessage): Promise<void>;
  /** The device sent one run of a data-collect config (the listener buffers; it must not block). */
  collected?(deviceId: number, message: CollectMessage): void;
  /** The device raised an event of one of its alert configs (the listener buffers). */
  alerted?(deviceId: number, message: AlertMessage): void;
  /** An agent in hub mode reported one of its VPN hubs (`hub` topic). Must not block. */
  hubReported?(deviceId: number, message: HubStateMessage): void;
  /**
   * A valid telemetry reading was buffered: `data` is the object the gateway already parsed (it
   * passed its category's schema; do not keep or change it). Synchronous, must not block: it runs
   * on the ingest path once per reading.
   */
  reading?(deviceId: number, category: TelemetryCategory, data: unknown, at: Date): void;
  /** Devices went online (1) or offline (0); called after the statuses were stored. */
  liveness?(rows: readonly LivenessChange[]): void;
  /** A hello announced another model or firmware; called after it was stored. Must not block. */
  identityChanged?(deviceId: number, before: DeviceIdentity, after: DeviceIdentity): void;
  /** Devices completed their enrolment (stored). Must not block. */
  enrolled?(deviceIds: readonly number[]): void;
}

/** What a hello says a device is. */
export interface DeviceIdentity {
  /** Null before the device's first hello. */
  model: string | null;
  firmware: string | null;
}

/** A device's status transition as the gateway stored it. */
export interface LivenessChange {
  deviceId: number;
  status: 0 | 1;
  at: Date;
}

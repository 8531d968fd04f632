import type { AckMessage, CommandMessage, ConfigMessage, Hello } from '@netfleet/contracts';

/**
 * What the rest of the server may ask of the device gateway. The jobs module sends commands and
 * configuration through it; it never touches the broker itself.
 */
export interface DeviceLink {
  /** Publishes a command to the device's command topic (QoS 1); resolves once the broker has it. */
  sendCommand(deviceId: number, command: CommandMessage): Promise<void>;
  /** Publishes the device's monitoring periods (retained, QoS 1). */
  pushConfig(deviceId: number, config: ConfigMessage): Promise<void>;
  /** Whether the device is connected now, as this instance's liveness view knows it. */
  isOnline(deviceId: number): boolean;
}

/** What the gateway tells the modules that registered with it. */
export interface GatewayListener {
  /** The device connected and announced itself: send it what is waiting. */
  deviceReady?(deviceId: number, hello: Hello): Promise<void>;
  /** The device acknowledged or reported progress on a command. */
  ack?(deviceId: number, ack: AckMessage): Promise<void>;
}

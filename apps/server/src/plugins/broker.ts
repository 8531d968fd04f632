import type { ReadingText, ServerShutdown } from '@netfleet/contracts';

/** Who sent a message, as far as the broker knows (an external broker tells nothing). */
export interface MessageMeta {
  clientId?: string;
  ip?: string;
}

/**
 * Called once per device message, synchronously, before the broker acknowledges it (embedded:
 * before the PUBACK; external: before mqtt.js sends its PUBACK), so whatever the handler buffered
 * is what was acknowledged. A returned promise asks the broker to hold the PUBACK until it
 * settles: a device waiting for its PUBACK sends nothing more, which is how a full buffer slows the
 * fleet down instead of growing. An external broker's connection reads nothing else meanwhile
 * (its backlog stays queued in the broker), so the promise must not wait on a publish.
 * `reading` is given for telemetry the broker validated on its own thread (embedded: the parse and
 * schema check of every reading kept off the main thread): the valid reading as JSON text, or null
 * for an invalid one. Undefined means the handler validates the payload itself.
 */
export type MessageHandler = (
  topic: string,
  payload: Buffer,
  meta: MessageMeta,
  reading?: ReadingText | null,
) => Promise<void> | undefined;

/** Checks a device's MQTT password; the embedded broker asks it for every `d<id>` login. */
export type DeviceAuthenticator = (
  deviceId: number,
  password: string,
  meta: MessageMeta,
) => Promise<boolean>;

export interface PublishOptions {
  qos: 0 | 1;
  retain: boolean;
}

/** One message of a publishMany. */
export interface OutgoingMessage {
  topic: string;
  payload: string | Buffer;
}

export interface Broker {
  readonly kind: 'embedded' | 'external';
  /** Listens (embedded) or connects and subscribes (external); throws BrokerStartError. */
  start(): Promise<void>;
  publish(topic: string, payload: string | Buffer, options: PublishOptions): Promise<void>;
  /**
   * Publishes every message with the same options; answers the indexes of those the broker did not
   * take. One hand-over for a thousand commands instead of a thousand (embedded: one message to
   * the broker's thread and one back).
   */
  publishMany(messages: readonly OutgoingMessage[], options: PublishOptions): Promise<number[]>;
  onMessage(handler: MessageHandler): void;
  /**
   * The embedded broker authenticates devices with this; an external broker authenticates them
   * itself (docs/scale-out.md), so it ignores it.
   */
  onAuthenticate(authenticator: DeviceAuthenticator): void;
  /**
   * The embedded broker's thread died, and every device connection with it: no last wills come
   * for them. External brokers keep their connections (and send the wills) themselves.
   */
  onConnectionsLost?(listener: () => void): void;
  /**
   * Tells every connected device this server is stopping (`notice` on `topics.control`, QoS 0),
   * so they come back after the restart spread over its window instead of in one storm, and
   * resolves once it is written to their sockets, or after `waitMs`. Embedded only: behind an
   * external broker the devices keep their broker connection and other instances serve them.
   */
  announceShutdown?(notice: ServerShutdown, waitMs: number): Promise<void>;
  /** Stops taking messages; what was acknowledged has been handed to the handler. */
  close(): Promise<void>;
  /**
   * Whether devices can reach this instance now (embedded: its thread listens; external: both
   * connections are up); /readyz reports it. Test doubles may leave it out.
   */
  isUp?(): boolean;
}

/** The one line an operator sees when the broker cannot start, naming the setting to change. */
export class BrokerStartError extends Error {}

import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { SERVER_SUBSCRIPTIONS, SHARED_SUBSCRIPTION_GROUP } from '@netfleet/contracts';
import mqtt, { type ISubscriptionMap, type MqttClient } from 'mqtt';
import type { Config } from '@/config';
import { describeError, redactUrl } from '@/lib/connection-errors';
import { type Broker, BrokerStartError, type MessageHandler } from './broker';

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The same instance (host and port) reconnects with the same client id, so the broker's
 * persistent session (clean: false) hands it what arrived while it was down.
 */
export const stableClientId = (config: Pick<Config, 'port'>): string =>
  `netfleet-${createHash('sha256')
    .update(`${hostname()}:${config.port}`)
    .digest('hex')
    .slice(0, 12)}`;

export interface ExternalBrokerOptions {
  url: string;
  clientId: string;
  /** Shared subscription group; instances in one group split the messages (tests isolate). */
  group?: string;
}

/**
 * A broker at MQTT_URL (Mosquitto, EMQX, VerneMQ), consumed with shared subscriptions so N server
 * instances split the device messages, each processed once. MQTT 3.1.1, which every broker speaks;
 * Mosquitto accepts `$share/` from 3.1.1 clients. The broker authenticates the devices itself.
 */
export type ExternalBroker = Broker & { readonly kind: 'external' };

export const createExternalBroker = (options: ExternalBrokerOptions): ExternalBroker => {
  const group = options.group ?? SHARED_SUBSCRIPTION_GROUP;
  let handler: MessageHandler = () => undefined;
  let client: MqttClient | null = null;
  /** The connection while start() runs: a persistent session's queued messages arrive then. */
  let starting: MqttClient | null = null;
  const describe = (reason: string) =>
    new BrokerStartError(
      `Cannot connect to the MQTT broker at MQTT_URL=${redactUrl(options.url)}: ${reason}`,
    );

  const broker: ExternalBroker = {
    kind: 'external',

    async start() {
      const next = mqtt.connect(options.url, {
        clientId: options.clientId,
        clean: false,
        protocolVersion: 4,
        // Sooner than any device may come back (reconnectDelay waits at least half a second), so
        // the subscriptions are in place again before devices publish into a restarted broker.
        reconnectPeriod: 250,
        connectTimeout: CONNECT_TIMEOUT_MS,
      });
      starting = next;
      // Before the first CONNACK: a session with queued messages delivers them at once.
      // mqtt.js acknowledges after this listener returns; it cannot hold a PUBACK.
      next.on('message', (topic, payload) => void handler(topic, payload, {}));
      // mqtt.js reconnects by itself; without a listener an outage would throw.
      next.on('error', () => undefined);
      // `resubscribe` makes mqtt.js send the SUBSCRIBE even for topics it believes it holds (it
      // deletes the flag from the object it is given, hence a new object each time).
      const subscribe = () =>
        next.subscribeAsync({
          ...Object.fromEntries(
            SERVER_SUBSCRIPTIONS.map((topic) => [`$share/${group}/${topic}`, { qos: 1 as const }]),
          ),
          resubscribe: true,
        } as ISubscriptionMap);
      // Mosquitto 2.0 restores a persistent session after a restart but not its shared
      // subscriptions (and says sessionPresent): subscribe again on every reconnect.
      next.on('connect', () => {
        if (client === next) subscribe().catch(() => undefined);
      });
      try {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(describe('timed out')), CONNECT_TIMEOUT_MS);
          next.once('connect', () => {
            clearTimeout(timer);
            resolve();
          });
          next.once('error', (error) => {
            clearTimeout(timer);
            reject(describe(describeError(error)));
          });
          next.once('close', () => {
            clearTimeout(timer);
            reject(describe('connection closed'));
          });
        });
        await subscribe();
      } catch (error) {
        starting = null;
        await next.endAsync(true).catch(() => undefined);
        throw error instanceof BrokerStartError ? error : describe(describeError(error));
      }
      client = next;
      starting = null;
    },

    async publish(topic, payload, { qos, retain }) {
      // An answer to a message queued while this instance was down (an enrolment request) goes
      // out on the connection that delivered it, before start() has finished subscribing.
      const target = client ?? starting;
      if (!target) throw new Error('broker not started');
      await target.publishAsync(topic, payload, { qos, retain });
    },

    async publishMany(messages, options) {
      const outcomes = await Promise.allSettled(
        messages.map(({ topic, payload }) => broker.publish(topic, payload, options)),
      );
      return outcomes.flatMap((outcome, index) => (outcome.status === 'rejected' ? [index] : []));
    },

    onMessage(next) {
      handler = next;
    },

    // Device authentication is the external broker's job (docs/scale-out.md).
    onAuthenticate() {},

    async close() {
      const current = client;
      client = null;
      // Not forced: in-flight acknowledgements are sent first, so the broker does not redeliver.
      if (current) await current.endAsync(false);
    },
  };
  return broker;
};

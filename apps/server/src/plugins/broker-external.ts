import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { SERVER_SUBSCRIPTIONS, SHARED_SUBSCRIPTION_GROUP, topics } from '@netfleet/contracts';
import mqtt, { type IPublishPacket, type ISubscriptionMap, type MqttClient } from 'mqtt';
import type { Config } from '@/config';
import { describeError, redactUrl } from '@/lib/connection-errors';
import { type Broker, BrokerStartError, type MessageHandler } from './broker';

const CONNECT_TIMEOUT_MS = 10_000;
/** Longest a message's PUBACK (and the next message) waits for the gateway; keepalive is 60 s. */
const HOLD_LIMIT_MS = 30_000;

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
 * Two connections, each a persistent session: enrolment requests on one, everything the enrolled
 * devices send on the other, so that a server holding back readings (below) still enrols.
 */
export type ExternalBroker = Broker & { readonly kind: 'external' };

const ENROL_REQUESTS = topics.enrolRequest('+');
const ENROL_RESPONSES = topics.enrolResponse('');

/** Each connection: its client id suffix, its topics and whether the gateway may hold it. */
const SESSIONS = {
  devices: {
    suffix: '',
    topics: SERVER_SUBSCRIPTIONS.filter((topic) => topic !== ENROL_REQUESTS),
    hold: true,
  },
  enrolment: { suffix: '-enrol', topics: [ENROL_REQUESTS], hold: false },
} as const;
type Session = keyof typeof SESSIONS;

const payloadOf = ({ payload }: IPublishPacket) =>
  typeof payload === 'string' ? Buffer.from(payload) : payload;

export const createExternalBroker = (options: ExternalBrokerOptions): ExternalBroker => {
  const group = options.group ?? SHARED_SUBSCRIPTION_GROUP;
  let handler: MessageHandler = () => undefined;
  /** From connect on: a persistent session's queued messages arrive while start() still runs. */
  const connections: Record<Session, MqttClient | null> = { devices: null, enrolment: null };
  const describe = (reason: string) =>
    new BrokerStartError(
      `Cannot connect to the MQTT broker at MQTT_URL=${redactUrl(options.url)}: ${reason}`,
    );
  const shared = (topic: string) => `$share/${group}/${topic}`;

  /**
   * mqtt.js sends a message's PUBACK, and reads the next packet, only after handleMessage's
   * callback. The gateway answers a promise past its high-water mark (the flush that empties its
   * buffer): holding the callback until then leaves a backlog queued in the broker (its
   * max_queued_messages), not in this process's memory. The promise waits on the database only,
   * never on this connection, so the held socket cannot block it.
   */
  const holding: MqttClient['handleMessage'] = (packet, done) => {
    const held = handler(packet.topic, payloadOf(packet), {});
    if (!held) return done();
    // Bounded all the same: past the keepalive the held socket would miss the broker's PINGRESP
    // and mqtt.js would reconnect.
    let release: (() => void) | null = () => {
      clearTimeout(timer);
      release = null;
      done();
    };
    const timer = setTimeout(() => release?.(), HOLD_LIMIT_MS);
    held.then(
      () => release?.(),
      () => release?.(),
    );
  };
  const immediate: MqttClient['handleMessage'] = (packet, done) => {
    void handler(packet.topic, payloadOf(packet), {});
    done();
  };

  const connectSession = async (session: Session) => {
    const { suffix, topics: subscriptions, hold } = SESSIONS[session];
    const next = mqtt.connect(options.url, {
      clientId: `${options.clientId}${suffix}`,
      clean: false,
      protocolVersion: 4,
      // Sooner than any device may come back (reconnectDelay waits at least half a second), so
      // the subscriptions are in place again before devices publish into a restarted broker.
      reconnectPeriod: 250,
      connectTimeout: CONNECT_TIMEOUT_MS,
    });
    connections[session] = next;
    // Set before the first CONNACK: a session with queued messages delivers them at once.
    next.handleMessage = hold ? holding : immediate;
    // mqtt.js reconnects by itself; without a listener an outage would throw.
    next.on('error', () => undefined);
    // `resubscribe` makes mqtt.js send the SUBSCRIBE even for topics it believes it holds (it
    // deletes the flag from the object it is given, hence a new object each time).
    const subscribe = () =>
      next.subscribeAsync({
        ...Object.fromEntries(subscriptions.map((topic) => [shared(topic), { qos: 1 as const }])),
        resubscribe: true,
      } as ISubscriptionMap);
    let subscribed = false;
    // Mosquitto 2.0 restores a persistent session after a restart but not its shared
    // subscriptions (and says sessionPresent): subscribe again on every reconnect.
    next.on('connect', () => {
      if (subscribed) subscribe().catch(() => undefined);
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
      // Before the enrolment requests had a connection of their own, this session took them too.
      if (session === 'devices') await next.unsubscribeAsync(shared(ENROL_REQUESTS));
      subscribed = true;
    } catch (error) {
      connections[session] = null;
      await next.endAsync(true).catch(() => undefined);
      throw error instanceof BrokerStartError ? error : describe(describeError(error));
    }
  };

  const closeAll = async (force: boolean) => {
    const open = Object.values(connections).filter((client) => client !== null);
    connections.devices = null;
    connections.enrolment = null;
    await Promise.all(open.map((client) => client.endAsync(force).catch(() => undefined)));
  };

  const broker: ExternalBroker = {
    kind: 'external',

    async start() {
      const outcomes = await Promise.allSettled(
        (Object.keys(SESSIONS) as Session[]).map(connectSession),
      );
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed) {
        await closeAll(true);
        throw failed.reason;
      }
    },

    async publish(topic, payload, { qos, retain }) {
      // An enrolment answer goes out on the connection that delivered the request, also when it
      // was queued while this instance was down and arrived before start() had finished.
      const target = topic.startsWith(ENROL_RESPONSES)
        ? connections.enrolment
        : connections.devices;
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

    // Not forced: in-flight acknowledgements are sent first, so the broker does not redeliver.
    close: () => closeAll(false),

    isUp: () => Object.values(connections).every((client) => client?.connected === true),
  };
  return broker;
};

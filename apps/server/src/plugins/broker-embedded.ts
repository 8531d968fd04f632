import { createServer, type Server, type Socket } from 'node:net';
import {
  CLIENT_ID_PATTERN,
  ENROL_USERNAME,
  mayDevicePublish,
  mayDeviceSubscribe,
  parseDeviceUsername,
  topics,
} from '@netfleet/contracts';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import {
  type Broker,
  BrokerStartError,
  type DeviceAuthenticator,
  type MessageHandler,
  type MessageMeta,
} from './broker';

/** Who a connected client is, decided once at CONNECT. */
type Identity = { kind: 'enrol' } | { kind: 'device'; deviceId: number };

/** MQTT 3.1.1 CONNACK return codes. */
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

const refusal = (returnCode: number): AuthenticateError =>
  Object.assign(new Error('connection refused'), { returnCode }) as AuthenticateError;

export interface EmbeddedBroker extends Broker {
  readonly kind: 'embedded';
  /** The bound port (useful with port 0). */
  readonly port: number;
  /** Drops every connection and listens again on the same port (tests: a broker outage). */
  restartListener(): Promise<void>;
}

const listen = (server: Server, port: number, host: string) =>
  new Promise<number>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });

const startError = (error: unknown, port: number, host: string): Error => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new BrokerStartError(
      `MQTT port ${port} is already in use: set MQTT_PORT to a free port.`,
    );
  if (code === 'EACCES')
    return new BrokerStartError(`MQTT port ${port} needs privileges: set MQTT_PORT above 1023.`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return new BrokerStartError(
      `Cannot listen on HOST=${host}: set HOST to an address of this machine.`,
    );
  return error instanceof Error ? error : new Error(String(error));
};

/**
 * Aedes in this process (MQTT 3.1.1). Device messages reach the handler from authorizePublish,
 * which runs before the broker writes the PUBACK, so an acknowledged message is always one the
 * gateway has buffered. No loopback client: the server publishes through the broker directly.
 */
export const createEmbeddedBroker = (options: { port: number; host: string }): EmbeddedBroker => {
  const identities = new WeakMap<Client, Identity>();
  const sockets = new Set<Socket>();
  let handler: MessageHandler = () => undefined;
  let authenticator: DeviceAuthenticator | null = null;
  let aedes: Aedes | null = null;
  let server: Server | null = null;
  let boundPort = options.port;

  const metaOf = (client: Client): MessageMeta => {
    const ip = (client.conn as Partial<Socket>).remoteAddress;
    return { clientId: client.id, ...(ip ? { ip } : {}) };
  };

  const openListener = async (port: number) => {
    if (!aedes) throw new Error('broker not created');
    const next = createServer(aedes.handle);
    next.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    boundPort = await listen(next, port, options.host);
    server = next;
  };

  const closeListener = async () => {
    const current = server;
    server = null;
    if (!current) return;
    const closed = new Promise<void>((resolve) => current.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  return {
    kind: 'embedded',
    get port() {
      return boundPort;
    },

    async start() {
      aedes = await Aedes.createBroker({
        // The enrol reply address is the client id; the protocol allows up to 64 characters.
        maxClientsIdLength: 64,
        authenticate(client, username, password, done) {
          if (username === ENROL_USERNAME) {
            if (!CLIENT_ID_PATTERN.test(client.id)) return done(refusal(NOT_AUTHORIZED), false);
            identities.set(client, { kind: 'enrol' });
            return done(null, true);
          }
          const deviceId = parseDeviceUsername(username);
          if (deviceId === null || !authenticator || !password) {
            return done(refusal(BAD_USERNAME_OR_PASSWORD), false);
          }
          authenticator(deviceId, password.toString('utf8'), metaOf(client)).then(
            (ok) => {
              if (!ok) return done(refusal(BAD_USERNAME_OR_PASSWORD), false);
              identities.set(client, { kind: 'device', deviceId });
              done(null, true);
            },
            () => done(refusal(BAD_USERNAME_OR_PASSWORD), false),
          );
        },
        authorizePublish(client, packet, callback) {
          const identity = client ? identities.get(client) : undefined;
          const allowed =
            identity?.kind === 'enrol'
              ? packet.topic === topics.enrolRequest(client?.id ?? '')
              : identity?.kind === 'device' && mayDevicePublish(identity.deviceId, packet.topic);
          if (!client || !allowed) return callback(new Error('not authorized'));
          // The gateway has the message; nothing else subscribes to device topics here, and
          // Aedes matches every retained message against every new subscription, so 10k retained
          // state messages would make each device's connect scan them all.
          packet.retain = false;
          const { payload } = packet;
          handler(
            packet.topic,
            typeof payload === 'string' ? Buffer.from(payload) : payload,
            metaOf(client),
          );
          callback(null);
        },
        authorizeSubscribe(client, subscription, callback) {
          const identity = identities.get(client);
          const allowed =
            identity?.kind === 'enrol'
              ? subscription.topic === topics.enrolResponse(client.id)
              : identity?.kind === 'device' &&
                mayDeviceSubscribe(identity.deviceId, subscription.topic);
          // A null subscription is answered with a SUBACK failure; the connection stays open.
          callback(null, allowed ? subscription : null);
        },
      });
      try {
        await openListener(options.port);
      } catch (error) {
        await new Promise<void>((resolve) => aedes?.close(() => resolve()));
        throw startError(error, options.port, options.host);
      }
    },

    publish(topic, payload, { qos, retain }) {
      const broker = aedes;
      if (!broker) return Promise.reject(new Error('broker not started'));
      return new Promise<void>((resolve, reject) =>
        broker.publish(
          {
            cmd: 'publish',
            topic,
            payload: typeof payload === 'string' ? Buffer.from(payload) : payload,
            qos,
            retain,
            dup: false,
          },
          (error) => (error ? reject(error) : resolve()),
        ),
      );
    },

    onMessage(next) {
      handler = next;
    },

    onAuthenticate(next) {
      authenticator = next;
    },

    async restartListener() {
      await closeListener();
      await openListener(boundPort);
    },

    async close() {
      await closeListener();
      const broker = aedes;
      aedes = null;
      // Closing the clients publishes their wills, so the gateway learns they went offline.
      if (broker) await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
};

import { createServer, type Server, type Socket } from 'node:net';
import { parentPort } from 'node:worker_threads';
import {
  CLIENT_ID_PATTERN,
  ENROL_USERNAME,
  MAX_PAYLOAD_BYTES,
  mayDevicePublish,
  mayDeviceSubscribe,
  parseDeviceUsername,
  parseReading,
  parseTopic,
  toReadingText,
  topics,
  type ReadingText,
} from '@netfleet/contracts';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { MessageMeta } from './broker';
import { announce } from './broker-worker-announce';
import type { FromBrokerWorker, ToBrokerWorker } from './broker-worker-protocol';

// Aedes and the device sockets on a thread of their own: MQTT parsing and one socket write per
// PUBACK cost as much as the gateway and the embedded database together, and the server's main
// thread runs both of those. Relative imports only: the worker resolves no `@/` paths.

/** Who a connected client is, decided once at CONNECT. */
type Identity = { kind: 'enrol' } | { kind: 'device'; deviceId: number };
type Item = [topic: string, payload: Buffer, meta: MessageMeta, reading?: ReadingText | null];
const NO_PAYLOAD = Buffer.alloc(0);
type Callback = (error: Error | null) => void;

/** MQTT 3.1.1 CONNACK return codes. */
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;
/** A batch goes to the main thread once per event-loop turn, or sooner at this many messages. */
const BATCH_MAX = 1000;

/** Pending connections the kernel queues (capped by net.core.somaxconn, 4096 on Debian). */
const LISTEN_BACKLOG = 8192;

const port = parentPort;
if (!port) throw new Error('broker-worker runs as a worker thread');
const send = (message: FromBrokerWorker) => port.postMessage(message);

const refusal = (returnCode: number): AuthenticateError =>
  Object.assign(new Error('connection refused'), { returnCode }) as AuthenticateError;

const identities = new WeakMap<Client, Identity>();
/** The connected client holding each client id (Aedes drops the older of two with one id). */
const holders = new Map<string, Client>();
const sockets = new Set<Socket>();
const authentications = new Map<number, (ok: boolean) => void>();
/** Batches sent to the main thread whose messages wait for their PUBACK. */
const unacknowledged = new Map<number, Callback[]>();
let drained: (() => void) | null = null;
let batch: { items: Item[]; callbacks: Callback[]; bytes: number } | null = null;
let nextId = 1;
let aedes: Aedes | null = null;
let server: Server | null = null;
let boundPort = 0;
let listenHost = '127.0.0.1';

const metaOf = (client: Client): MessageMeta => {
  const ip = (client.conn as Partial<Socket>).remoteAddress;
  return { clientId: client.id, ...(ip ? { ip } : {}) };
};

const flushBatch = () => {
  const current = batch;
  batch = null;
  if (!current) return;
  const id = nextId++;
  unacknowledged.set(id, current.callbacks);
  const payloads = Buffer.allocUnsafeSlow(current.bytes);
  const items: Extract<FromBrokerWorker, { type: 'messages' }>['items'] = [];
  let end = 0;
  for (const [topic, payload, meta, reading] of current.items) {
    payload.copy(payloads, end);
    end += payload.length;
    items.push(reading === undefined ? [topic, end, meta] : [topic, end, meta, reading]);
  }
  port.postMessage({ type: 'messages', id, items, payloads } satisfies FromBrokerWorker, [
    payloads.buffer,
  ]);
};

const enqueue = (item: Item, callback: Callback) => {
  if (!batch) {
    batch = { items: [], callbacks: [], bytes: 0 };
    setImmediate(flushBatch);
  }
  batch.items.push(item);
  batch.callbacks.push(callback);
  batch.bytes += item[1].length;
  if (batch.items.length >= BATCH_MAX) flushBatch();
};

const allAcknowledged = () =>
  new Promise<void>((resolve) => {
    flushBatch();
    if (unacknowledged.size === 0) return resolve();
    drained = resolve;
  });

/**
 * A reading is parsed and validated here, on the broker's thread, and goes to the gateway as the
 * validated reading's data as JSON text (or null), without its payload; other messages go as they
 * came. An oversized reading goes as it came, for the gateway to drop and count.
 */
const readingOf = (topic: string, payload: Buffer): [Buffer] | [Buffer, ReadingText | null] => {
  const parsed = parseTopic(topic);
  if (parsed?.kind !== 'telemetry' || payload.length > MAX_PAYLOAD_BYTES) return [payload];
  const reading = parseReading(parsed.category, payload.toString('utf8'));
  return [NO_PAYLOAD, reading && toReadingText(reading)];
};

/**
 * A connection may take over a client id only from the same identity (a device's half-open old
 * connection, an enrolment asking again): otherwise any device's credential, or the open `enrol`
 * login, could knock another device off the broker by connecting under its client id.
 */
const mayHold = (clientId: string, identity: Identity) => {
  const holder = holders.get(clientId);
  const held = holder ? identities.get(holder) : undefined;
  if (!held) return true;
  if (held.kind === 'enrol' || identity.kind === 'enrol') return held.kind === identity.kind;
  return held.deviceId === identity.deviceId;
};

const createAedes = async () => {
  const broker = await Aedes.createBroker({
    // The enrol reply address is the client id; the protocol allows up to 64 characters.
    maxClientsIdLength: 64,
    authenticate(client, username, password, done) {
      if (username === ENROL_USERNAME) {
        const identity: Identity = { kind: 'enrol' };
        if (!CLIENT_ID_PATTERN.test(client.id) || !mayHold(client.id, identity)) {
          return done(refusal(NOT_AUTHORIZED), false);
        }
        identities.set(client, identity);
        return done(null, true);
      }
      const deviceId = parseDeviceUsername(username);
      if (deviceId === null || !password) return done(refusal(BAD_USERNAME_OR_PASSWORD), false);
      const id = nextId++;
      authentications.set(id, (ok) => {
        if (!ok) return done(refusal(BAD_USERNAME_OR_PASSWORD), false);
        const identity: Identity = { kind: 'device', deviceId };
        if (!mayHold(client.id, identity)) return done(refusal(NOT_AUTHORIZED), false);
        identities.set(client, identity);
        done(null, true);
      });
      send({
        type: 'authenticate',
        id,
        deviceId,
        password: password.toString('utf8'),
        meta: metaOf(client),
      });
    },
    authorizePublish(client, packet, callback) {
      const identity = client ? identities.get(client) : undefined;
      const allowed =
        identity?.kind === 'enrol'
          ? packet.topic === topics.enrolRequest(client?.id ?? '')
          : identity?.kind === 'device' && mayDevicePublish(identity.deviceId, packet.topic);
      if (!client || !allowed) return callback(new Error('not authorized'));
      // The gateway has the message; nothing else subscribes to device topics here, and Aedes
      // matches every retained message against every new subscription, so 10k retained state
      // messages would make each device's connect scan them all.
      packet.retain = false;
      const payload =
        typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
      // The PUBACK waits until the main thread has handed the message to the gateway.
      const [body, reading] = readingOf(packet.topic, payload);
      enqueue(
        reading === undefined
          ? [packet.topic, body, metaOf(client)]
          : [packet.topic, body, metaOf(client), reading],
        callback,
      );
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
  broker.on('client', (client) => void holders.set(client.id, client));
  broker.on('clientDisconnect', (client) => {
    if (holders.get(client.id) === client) holders.delete(client.id);
  });
  return broker;
};

const openListener = (listenPort: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    if (!aedes) return reject(new Error('broker not created'));
    const next = createServer(aedes.handle);
    next.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    next.once('error', reject);
    // A fleet back from a reboot connects at once: with Node's default backlog (511) the kernel
    // dropped the excess SYNs, and those devices retried only a second or three later.
    next.listen({ port: listenPort, host, backlog: LISTEN_BACKLOG }, () => {
      next.off('error', reject);
      const address = next.address();
      boundPort = typeof address === 'object' && address ? address.port : listenPort;
      server = next;
      resolve();
    });
  });

const closeListener = async () => {
  const current = server;
  server = null;
  if (!current) return;
  const closed = new Promise<void>((resolve) => current.close(() => resolve()));
  for (const socket of sockets) socket.destroy();
  await closed;
};

const closeAedes = async () => {
  const broker = aedes;
  aedes = null;
  // Closing the clients publishes their wills; they reach the gateway before close() resolves.
  if (broker) await new Promise<void>((resolve) => broker.close(() => resolve()));
  await allAcknowledged();
};

/**
 * Aedes hands at most 100 messages at once (its `concurrency`) to its emitter and queues the rest;
 * the emitter then works through that queue recursively, a stack frame per message nobody is
 * subscribed to, and the 10,000 commands of a task run for a rebooting fleet overflowed this
 * thread's stack (and every device lost its connection). So at most this many of our publishes
 * are in Aedes at once, across requests, leaving room for the devices' own.
 */
const PUBLISH_IN_FLIGHT_MAX = 64;
let inFlight = 0;
const slotWaiters: (() => void)[] = [];
const takeSlot = (): Promise<void> | undefined => {
  if (inFlight < PUBLISH_IN_FLIGHT_MAX) {
    inFlight += 1;
    return undefined;
  }
  return new Promise((resolve) => slotWaiters.push(resolve));
};
/** Hands the slot to the next waiting publish, in the order they asked. */
const releaseSlot = () => {
  const next = slotWaiters.shift();
  if (next) next();
  else inFlight -= 1;
};

/** Publishes each message, in order; answers the indexes of those Aedes refused. */
const publish = async ({ messages, qos, retain }: Extract<ToBrokerWorker, { type: 'publish' }>) => {
  const broker = aedes;
  if (!broker) throw new Error('broker not started');
  const outcomes: Promise<boolean>[] = [];
  for (const { topic, payload } of messages) {
    await takeSlot();
    const bytes =
      typeof payload === 'string'
        ? Buffer.from(payload)
        : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
    outcomes.push(
      new Promise<boolean>((resolve) => {
        broker.publish(
          { cmd: 'publish', topic, payload: bytes, qos, retain, dup: false },
          (error) => {
            releaseSlot();
            resolve(!error);
          },
        );
      }),
    );
  }
  const taken = await Promise.all(outcomes);
  return taken.flatMap((ok, index) => (ok ? [] : [index]));
};

type Outcome = Pick<Extract<FromBrokerWorker, { type: 'done' }>, 'port' | 'failed'>;

const run = async (message: ToBrokerWorker): Promise<Outcome> => {
  switch (message.type) {
    case 'start':
      listenHost = message.host;
      aedes = await createAedes();
      try {
        await openListener(message.port, message.host);
      } catch (error) {
        await closeAedes();
        throw error;
      }
      return { port: boundPort };
    case 'publish':
      return { failed: await publish(message) };
    case 'announce':
      if (aedes) await announce(aedes, message);
      return {};
    case 'restart-listener':
      await closeListener();
      if (!aedes) throw new Error('broker not started');
      await openListener(boundPort, listenHost);
      return {};
    case 'close':
      await closeListener();
      await closeAedes();
      return {};
    default:
      return {};
  }
};

port.on('message', (message: ToBrokerWorker) => {
  if (message.type === 'authenticated') {
    authentications.get(message.id)?.(message.ok);
    authentications.delete(message.id);
    return;
  }
  if (message.type === 'taken') {
    for (const callback of unacknowledged.get(message.id) ?? []) callback(null);
    unacknowledged.delete(message.id);
    if (unacknowledged.size === 0 && drained) {
      drained();
      drained = null;
    }
    return;
  }
  run(message).then(
    (outcome) => send({ type: 'done', id: message.id, ...outcome }),
    (error: NodeJS.ErrnoException) =>
      send({
        type: 'done',
        id: message.id,
        error: { message: error.message, ...(error.code ? { code: error.code } : {}) },
      }),
  );
});

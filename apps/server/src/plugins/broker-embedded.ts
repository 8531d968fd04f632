import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { topics } from '@netfleet/contracts';
import { SERVER_ROOT } from '@/lib/server-root';
import {
  type Broker,
  BrokerStartError,
  type DeviceAuthenticator,
  type MessageHandler,
} from './broker';
import type { FromBrokerWorker, ToBrokerWorker } from './broker-worker-protocol';

export interface EmbeddedBroker extends Broker {
  readonly kind: 'embedded';
  /** The bound port (useful with port 0). */
  readonly port: number;
  /** Drops every connection and listens again on the same port (tests: a broker outage). */
  restartListener(): Promise<void>;
  /** Hears of a broker thread that died; the broker starts a new one a second later. */
  onFailure(listener: (error: Error) => void): void;
  /** Ends the broker thread as a crash would (tests). */
  terminateThread(): Promise<void>;
}

const RESTART_DELAY_MS = 1000;

const startError = (error: NodeJS.ErrnoException, port: number, host: string): Error => {
  const { code } = error;
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
  return error;
};

/**
 * The worker entry. Compiled (`npm start`), this module is part of a bundle in dist/, as is the
 * worker's entry. From source (tests, `npm run dev`), tsx is registered in the worker itself, since a worker
 * thread does not inherit the loader the server was started with in time for its entry module.
 */
const startWorker = (): Worker => {
  const compiled = import.meta.url.endsWith('.js');
  if (compiled) return new Worker(join(SERVER_ROOT, 'dist', 'broker-worker.js'));
  const source = JSON.stringify(new URL('./broker-worker.ts', import.meta.url).href);
  return new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${source}); })`,
    {
      eval: true,
    },
  );
};

type Done = Extract<FromBrokerWorker, { type: 'done' }>;

type Pending = {
  resolve: (done: Done) => void;
  reject: (error: NodeJS.ErrnoException) => void;
};

/**
 * Aedes (MQTT 3.1.1) on a worker thread of this process (broker-worker.ts), so that MQTT
 * parsing and socket writes run on the second core beside the gateway and the database. Device
 * messages arrive here in batches; each batch is handed to the handler in order, and only then
 * does the worker send the PUBACKs, so an acknowledged message is always one the gateway has
 * buffered. Logins of `d<id>` are checked by the authenticator on this thread.
 */
export const createEmbeddedBroker = (options: { port: number; host: string }): EmbeddedBroker => {
  let handler: MessageHandler = () => undefined;
  let authenticator: DeviceAuthenticator | null = null;
  let worker: Worker | null = null;
  let boundPort = options.port;
  let nextId = 1;
  let closed = false;
  /** Set once a thread answered its start; cleared when it dies or the broker closes. */
  let listening = false;
  let failure: (error: Error) => void = () => undefined;
  const connectionsLost: (() => void)[] = [];
  const pending = new Map<number, Pending>();

  const post = (message: ToBrokerWorker) => worker?.postMessage(message);

  const request = (build: (id: number) => ToBrokerWorker) =>
    new Promise<Done>((resolve, reject) => {
      if (!worker) return reject(new Error('broker not started'));
      const id = nextId++;
      pending.set(id, { resolve, reject });
      post(build(id));
    });

  const authenticate = (message: Extract<FromBrokerWorker, { type: 'authenticate' }>) => {
    const answer = (ok: boolean) => post({ type: 'authenticated', id: message.id, ok });
    if (!authenticator) return answer(false);
    authenticator(message.deviceId, message.password, message.meta).then(answer, () =>
      answer(false),
    );
  };

  const onMessage = (message: FromBrokerWorker) => {
    if (message.type === 'messages') {
      const { buffer, byteOffset } = message.payloads;
      const holds: Promise<void>[] = [];
      let start = 0;
      for (const [topic, end, meta, reading] of message.items) {
        const payload = Buffer.from(buffer, byteOffset + start, end - start);
        const hold = handler(topic, payload, meta, reading);
        if (hold) holds.push(hold);
        start = end;
      }
      const taken = () => post({ type: 'taken', id: message.id });
      if (holds.length === 0) return taken();
      return void Promise.allSettled(holds).then(taken);
    }
    if (message.type === 'authenticate') return authenticate(message);
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.error)
      waiting?.reject(
        Object.assign(new Error(message.error.message), { code: message.error.code }),
      );
    else waiting?.resolve(message);
  };

  /**
   * A thread that dies fails whatever waits on it and takes its device connections with it; a new
   * one listens on the same port a second later and the devices reconnect.
   */
  const onExit = (error: Error, restart: () => Promise<void>) => {
    worker = null;
    listening = false;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    if (closed) return;
    failure(error);
    for (const listener of connectionsLost) listener();
    setTimeout(() => {
      if (!closed && !worker) restart().catch(failure);
    }, RESTART_DELAY_MS).unref();
  };

  const stopWorker = async () => {
    const current = worker;
    worker = null;
    if (current) await current.terminate();
  };

  const broker: EmbeddedBroker = {
    kind: 'embedded',
    get port() {
      return boundPort;
    },

    async start() {
      closed = false;
      const next = startWorker();
      worker = next;
      const restart = () => broker.start();
      next.on('message', onMessage);
      next.on('error', (error) => {
        if (worker === next) onExit(error, restart);
      });
      next.on('exit', (code) => {
        if (worker === next) onExit(new Error(`MQTT broker thread exited with ${code}`), restart);
      });
      try {
        // A restarted thread listens where the first one did (port 0 became a real port).
        const started = await request((id) => ({
          type: 'start',
          id,
          port: boundPort,
          host: options.host,
        }));
        boundPort = started.port ?? boundPort;
        listening = worker === next;
      } catch (error) {
        closed = true;
        await stopWorker();
        throw startError(error as NodeJS.ErrnoException, boundPort, options.host);
      }
    },

    async publish(topic, payload, options) {
      const [failed] = await broker.publishMany([{ topic, payload }], options);
      if (failed !== undefined) throw new Error(`the broker did not take the message to ${topic}`);
    },

    async publishMany(messages, { qos, retain }) {
      if (messages.length === 0) return [];
      const done = await request((id) => ({
        type: 'publish',
        id,
        messages: [...messages],
        qos,
        retain,
      }));
      return done.failed ?? [];
    },

    onMessage(next) {
      handler = next;
    },

    onAuthenticate(next) {
      authenticator = next;
    },

    async restartListener() {
      await request((id) => ({ type: 'restart-listener', id }));
    },

    onFailure(listener) {
      failure = listener;
    },

    onConnectionsLost(listener) {
      connectionsLost.push(listener);
    },

    async terminateThread() {
      await worker?.terminate();
    },

    isUp: () => listening,

    async announceShutdown(notice, waitMs) {
      if (!listening) return;
      const told = request((id) => ({
        type: 'announce',
        id,
        topic: topics.control,
        payload: JSON.stringify(notice),
        waitMs,
      })).then(
        () => undefined,
        () => undefined,
      );
      // The thread bounds its own wait; this bounds a thread that no longer answers at all.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      });
      await Promise.race([told, late]);
      clearTimeout(timer);
    },

    async close() {
      closed = true;
      listening = false;
      if (!worker) return;
      // Closing the clients publishes their wills, so the gateway learns they went offline.
      await request((id) => ({ type: 'close', id })).catch(() => undefined);
      await stopWorker();
    },
  };
  return broker;
};

import { topics } from '@netfleet/contracts';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmbeddedBroker, type EmbeddedBroker } from './broker-embedded';

let broker: EmbeddedBroker | null = null;
afterEach(async () => {
  await broker?.close();
  broker = null;
});

const startBroker = async (handler: Parameters<EmbeddedBroker['onMessage']>[0]) => {
  const started = createEmbeddedBroker({ port: 0, host: '127.0.0.1' });
  started.onAuthenticate((deviceId, password) =>
    Promise.resolve(deviceId === 7 && password === 'right'),
  );
  started.onMessage(handler);
  await started.start();
  broker = started;
  return started;
};

const connectDevice = (port: number, password = 'right') =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${String(port)}`, {
    username: 'd7',
    password,
    reconnectPeriod: 0,
  });

describe('embedded broker (Aedes on a worker thread)', () => {
  it('hands device messages to the handler in order, with their payload and sender', async () => {
    const seen: [string, string, string | undefined][] = [];
    const started = await startBroker((topic, payload, meta) => {
      seen.push([topic, payload.toString(), meta.clientId]);
      return undefined;
    });
    const device = await connectDevice(started.port);
    for (let i = 0; i < 50; i++) {
      await device.publishAsync(topics.ack(7), `{"n":${String(i)}}`, { qos: 1 });
    }
    await device.endAsync();
    expect(seen).toHaveLength(50);
    expect(seen.map(([, payload]) => payload)).toEqual(
      Array.from({ length: 50 }, (_, i) => `{"n":${String(i)}}`),
    );
    expect(seen[0]?.[0]).toBe(topics.ack(7));
    expect(seen[0]?.[2]).toBe(device.options.clientId);
  });

  it('validates readings on its thread: the handler gets the data as JSON text, or null, and no payload', async () => {
    const seen: [string, unknown][] = [];
    const started = await startBroker((_topic, payload, _meta, reading) => {
      seen.push([payload.toString(), reading]);
      return undefined;
    });
    const device = await connectDevice(started.port);
    const gps = { ts: 1_700_000_000_000, data: { latitude: 54.7, longitude: 25.3, extra: 1 } };
    await device.publishAsync(topics.telemetry(7, 'gps'), JSON.stringify(gps), { qos: 1 });
    await device.publishAsync(topics.telemetry(7, 'gps'), '{"ts":"yesterday"}', { qos: 1 });
    await device.publishAsync(topics.telemetry(7, 'gps'), 'not json', { qos: 1 });
    await device.endAsync();
    expect(seen).toEqual([
      ['', { ts: gps.ts, json: '{"latitude":54.7,"longitude":25.3}' }],
      ['', null],
      ['', null],
    ]);
  });

  it('holds the PUBACK until the promise the handler returned settles', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started = await startBroker(() => held);
    const device = await connectDevice(started.port);
    let acknowledged = false;
    const publish = device
      .publishAsync(topics.telemetry(7, 'dynamic'), '{}', { qos: 1 })
      .then(() => (acknowledged = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(acknowledged).toBe(false);
    release();
    await publish;
    expect(acknowledged).toBe(true);
    await device.endAsync();
  });

  it('refuses a device whose password the authenticator rejects', async () => {
    const started = await startBroker(() => undefined);
    await expect(connectDevice(started.port, 'wrong')).rejects.toThrow(/Bad username or password/i);
  });

  it('delivers what the server publishes to a subscribed device', async () => {
    const started = await startBroker(() => undefined);
    const device = await connectDevice(started.port);
    await device.subscribeAsync(topics.command(7), { qos: 1 });
    const received = new Promise<string>((resolve) =>
      device.on('message', (_topic, payload) => resolve(payload.toString())),
    );
    await started.publish(topics.command(7), '{"id":"j1"}', { qos: 1, retain: false });
    expect(await received).toBe('{"id":"j1"}');
    await device.endAsync();
  });

  it('publishes many messages in one hand-over, in order', async () => {
    const started = await startBroker(() => undefined);
    const device = await connectDevice(started.port);
    await device.subscribeAsync(topics.command(7), { qos: 1 });
    const received: string[] = [];
    const all = new Promise<void>((resolve) =>
      device.on('message', (_topic, payload) => {
        received.push(payload.toString());
        if (received.length === 100) resolve();
      }),
    );
    const messages = Array.from({ length: 100 }, (_, n) => ({
      topic: topics.command(7),
      payload: n % 2 ? `{"n":${String(n)}}` : Buffer.from(`{"n":${String(n)}}`),
    }));
    expect(await started.publishMany(messages, { qos: 1, retain: false })).toEqual([]);
    await all;
    expect(received).toEqual(messages.map((_, n) => `{"n":${String(n)}}`));
    expect(await started.publishMany([], { qos: 1, retain: false })).toEqual([]);
    await device.endAsync();
  });
  it("publishes a whole fleet's commands in one hand-over without overflowing its stack", async () => {
    const started = await startBroker(() => undefined);
    const failures: Error[] = [];
    started.onFailure((error) => failures.push(error));
    const device = await connectDevice(started.port);
    await device.subscribeAsync(topics.command(7), { qos: 1 });
    let received = 0;
    const all = new Promise<void>((resolve) =>
      device.on('message', () => {
        if (++received === 200) resolve();
      }),
    );
    // The connected device's deliveries hold Aedes's 100 emits in flight, so the rest queue;
    // most go to devices not connected (a fleet rebooting), which release synchronously.
    const messages = Array.from({ length: 20_000 }, (_, n) => ({
      topic: topics.command(n < 200 ? 7 : n + 100),
      payload: `{"n":${String(n)}}`,
    }));
    expect(await started.publishMany(messages, { qos: 1, retain: false })).toEqual([]);
    await all;
    expect(failures).toEqual([]);
    await device.endAsync();
  });
  it('starts a new thread on the same port when the broker thread dies, and says so', async () => {
    const seen: string[] = [];
    const started = await startBroker((_topic, payload) => {
      seen.push(payload.toString());
      return undefined;
    });
    const failures: Error[] = [];
    started.onFailure((error) => failures.push(error));
    const port = started.port;
    await started.terminateThread();
    expect(failures).toHaveLength(1);
    // The new thread listens a second later (several on a loaded CI machine, where the worker's
    // sources are compiled again); a device retries until it is there.
    let device: Awaited<ReturnType<typeof connectDevice>> | null = null;
    const deadline = Date.now() + 15_000;
    while (!device && Date.now() < deadline) {
      device = await connectDevice(port).catch(() => null);
      if (!device) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!device) throw new Error('no broker after the restart');
    expect(started.port).toBe(port);
    await device.publishAsync(topics.ack(7), 'after', { qos: 1 });
    expect(seen).toEqual(['after']);
    await device.endAsync();
  }, 40_000);
});

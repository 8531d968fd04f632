import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  SHUTDOWN_RECONNECT_AFTER_MS,
  SHUTDOWN_RECONNECT_WINDOW_MS,
  serverShutdownSchema,
  topics,
} from '@netfleet/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { startPrivateMosquitto } from '@test/mosquitto';
import {
  buildDeviceTestApp,
  connectDevice,
  createPendingDevice,
  enrol,
  waitFor,
} from '@test/devices';
import { createEmbeddedBroker } from './broker-embedded';
import { createExternalBroker } from './broker-external';
import { closeBrokerAtShutdown } from './broker-shutdown';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length > 0) await cleanup.pop()?.();
});

/** MQTT 3.1.1 strings and packets by hand: a client library would keep reading its socket. */
const mqttString = (text: string) => {
  const bytes = Buffer.from(text);
  return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
};
const packet = (header: number, body: Buffer) =>
  Buffer.concat([Buffer.from([header, body.length]), body]);
const connectPacket = (clientId: string, username: string, password: string) =>
  packet(
    0x10,
    Buffer.concat([
      mqttString('MQTT'),
      // Level 4, user name + password + clean session, keep-alive 60 s.
      Buffer.from([4, 0xc2, 0, 60]),
      mqttString(clientId),
      mqttString(username),
      mqttString(password),
    ]),
  );
const subscribePacket = (subscriptions: string[]) =>
  packet(
    0x82,
    Buffer.concat([
      Buffer.from([0, 1]),
      ...subscriptions.map((topic) => Buffer.concat([mqttString(topic), Buffer.from([0])])),
    ]),
  );

/** What a device saw, in order: messages on the control topic, then its socket closing. */
const watch = (device: MqttClient) => {
  const events: string[] = [];
  device.on('message', (topic, payload) => {
    if (topic === topics.control) events.push(payload.toString());
  });
  device.on('close', () => events.push('closed'));
  return events;
};

describe('shutdown notice (embedded broker)', () => {
  it('tells connected devices to come back later, before their sockets close', async () => {
    const t = await buildDeviceTestApp();
    cleanup.push(() => t.close());
    const pending = await createPendingDevice(t.db);
    const answer = await enrol(t.mqttUrl, pending);
    if (!answer.ok) throw new Error('enrolment refused');
    const device = await connectDevice(t.mqttUrl, {
      deviceId: answer.device_id,
      username: answer.username,
      password: answer.password,
    });
    cleanup.push(() => device.endAsync(true));
    // The control topic is one for the whole fleet; the broker's ACL lets every device read it.
    const [granted] = await device.subscribeAsync(topics.control, { qos: 0 });
    expect(granted?.qos).toBe(0);
    const events = watch(device);
    await waitFor(() => t.gateway.link.isOnline(pending.id));

    // As server.ts closes: the broker (with the notice), then the app.
    await closeBrokerAtShutdown(t.broker);
    await t.app.close();
    await waitFor(() => events.includes('closed'));

    expect(events).toHaveLength(2);
    expect(events[1]).toBe('closed');
    expect(serverShutdownSchema.parse(JSON.parse(events[0] ?? ''))).toEqual({
      type: 'server_shutdown',
      reconnect_after_ms: SHUTDOWN_RECONNECT_AFTER_MS,
      reconnect_window_ms: SHUTDOWN_RECONNECT_WINDOW_MS,
    });
  }, 60_000);

  it('does not wait past its bound for a device that reads nothing', async () => {
    const broker = createEmbeddedBroker({ port: 0, host: '127.0.0.1' });
    broker.onAuthenticate((deviceId, password) => Promise.resolve(password === `pw${deviceId}`));
    await broker.start();
    cleanup.push(() => broker.close());
    // A device that subscribes and then reads nothing more: no 'data' listener, so Node stops
    // reading once its buffer is full, then the kernel's buffers fill, then Aedes waits for a
    // drain that never comes, and the notice queues behind the commands.
    const socket = connect(broker.port, '127.0.0.1');
    cleanup.push(async () => void socket.destroy());
    await once(socket, 'connect');
    socket.write(connectPacket('d7', 'd7', 'pw7'));
    socket.write(subscribePacket([topics.command(7), topics.control]));
    // CONNACK (4 bytes) and SUBACK (6) arrived, unread.
    await waitFor(() => socket.readableLength >= 10);
    const command = 'x'.repeat(60_000);
    void broker
      .publishMany(
        Array.from({ length: 400 }, () => ({ topic: topics.command(7), payload: command })),
        { qos: 0, retain: false },
      )
      .catch(() => undefined);
    await waitFor(() => socket.readableLength > command.length);
    await sleep(200);

    // Bounded by SHUTDOWN_NOTICE_WAIT_MS: without the bound this never resolves and the test
    // times out.
    await closeBrokerAtShutdown(broker);
    expect(broker.isUp?.()).toBe(false);
  });
});

describe('shutdown notice (external broker)', () => {
  it('tells nobody: the devices stay connected to the broker for the other instances', async () => {
    const mosquitto = await startPrivateMosquitto();
    cleanup.push(() => mosquitto.close());
    const broker = createExternalBroker({
      url: mosquitto.url,
      clientId: `nf-test-${randomBytes(4).toString('hex')}`,
      group: 'nf-test-shutdown',
    });
    broker.onMessage(() => undefined);
    await broker.start();
    const device = await mqtt.connectAsync(mosquitto.url, {
      clientId: 'd7',
      reconnectPeriod: 0,
    });
    cleanup.push(() => device.endAsync(true));
    await device.subscribeAsync(topics.control, { qos: 0 });
    const events = watch(device);
    // A publish the device does get, after the close: the notice would have come before it.
    const watcher = await mqtt.connectAsync(mosquitto.url, { reconnectPeriod: 0 });
    cleanup.push(() => watcher.endAsync(true));

    await closeBrokerAtShutdown(broker);
    await watcher.publishAsync(topics.control, 'after', { qos: 1 });
    await waitFor(() => events.length > 0);
    expect(events).toEqual(['after']);
    expect(device.connected).toBe(true);
  });
});

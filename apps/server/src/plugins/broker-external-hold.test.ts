import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { topics } from '@netfleet/contracts';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { startPrivateMosquitto } from '@test/mosquitto';
import { createExternalBroker } from './broker-external';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length > 0) await cleanup.pop()?.();
});

const until = async (test: () => boolean) => {
  for (let waited = 0; !test(); waited += 20) {
    if (waited > 5000) throw new Error('timed out');
    await sleep(20);
  }
};

describe('external broker back-pressure', () => {
  it('takes no further device message while the handler holds one, but enrols', async () => {
    const mosquitto = await startPrivateMosquitto();
    cleanup.push(() => mosquitto.close());
    const broker = createExternalBroker({
      url: mosquitto.url,
      clientId: `nf-test-${randomBytes(4).toString('hex')}`,
      group: 'nf-test-hold',
    });
    cleanup.push(() => broker.close());
    const received: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The gateway past its high-water mark: the first reading waits for a flush.
    broker.onMessage((_topic, payload) => {
      received.push(payload.toString());
      return received.length === 1 ? held : undefined;
    });
    await broker.start();

    const device = await mqtt.connectAsync(mosquitto.url, { clientId: 'nf-test-device-hold' });
    cleanup.push(() => device.endAsync(true));
    const topic = topics.telemetry(1, 'dynamic');
    await device.publishAsync(topic, 'first', { qos: 1 });
    await device.publishAsync(topic, 'second', { qos: 1 });
    await until(() => received.length > 0);
    // The second stays queued in the broker, not in the server, until the first is let go; an
    // enrolment request comes on a connection of its own and is taken meanwhile.
    await device.publishAsync(topics.enrolRequest('enrol-hold'), 'enrol', { qos: 1 });
    await until(() => received.length > 1);
    await sleep(300);
    expect(received).toEqual(['first', 'enrol']);
    release();
    await until(() => received.length > 2);
    expect(received).toEqual(['first', 'enrol', 'second']);
  });
});

import { randomBytes } from 'node:crypto';
import { topics } from '@netfleet/contracts';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { startPrivateMosquitto } from '@test/mosquitto';
import { createExternalBroker } from './broker-external';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length > 0) await cleanup.pop()?.();
});

describe('external broker with a persistent session', () => {
  it('answers a message queued while it was down, before start() has finished', async () => {
    const mosquitto = await startPrivateMosquitto();
    cleanup.push(() => mosquitto.close());
    const options = {
      url: mosquitto.url,
      clientId: `nf-test-${randomBytes(4).toString('hex')}`,
      group: 'nf-test-queued',
    };
    // The instance subscribes once (creating its session), then goes down.
    const first = createExternalBroker(options);
    await first.start();
    await first.close();

    // A device asks while no instance is up: the broker keeps the request for the session.
    const device = await mqtt.connectAsync(mosquitto.url, { clientId: 'nf-test-device' });
    cleanup.push(() => device.endAsync(true));
    await device.subscribeAsync('nf-test/answer', { qos: 1 });
    const answer = new Promise<string>((resolve) =>
      device.once('message', (_topic, payload) => resolve(payload.toString())),
    );
    await device.publishAsync(topics.enrolRequest('enrol-abcdef12'), '{}', { qos: 1 });

    // The instance comes back: the queued request arrives during start() and is answered.
    const second = createExternalBroker(options);
    cleanup.push(() => second.close());
    const failures: unknown[] = [];
    // Answers without holding the request's PUBACK, as the gateway does (a held PUBACK would keep
    // this connection from reading the answer's own PUBACK).
    second.onMessage(() => {
      second
        .publish('nf-test/answer', 'answered', { qos: 1, retain: false })
        .catch((error: unknown) => failures.push(error));
      return undefined;
    });
    await second.start();
    const noAnswer = new Promise<string>((resolve) => setTimeout(() => resolve('no answer'), 5000));
    expect(await Promise.race([answer, noAnswer])).toBe('answered');
    expect(failures).toEqual([]);
  });
});

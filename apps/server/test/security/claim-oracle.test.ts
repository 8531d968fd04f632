import { randomBytes } from 'node:crypto';
import { ENROL_REFUSED, ENROL_USERNAME, PROTOCOL_VERSION, topics } from '@netfleet/contracts';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDeviceTestApp,
  createPendingDevice,
  type DeviceTestApp,
  enrol,
  enrolOnline,
  randomSerial,
} from '@test/devices';

// ICSA-23-131-08: an attacker probes the enrolment topic to learn which serials exist, whether a
// serial's MAC is right, or which claim secret is — any difference between refusals is an oracle.
// Every refusal must be the same bytes, and guessing from one address must stop working.

const WINDOW_MS = 10 * 60_000;
let clock = Date.now();
let t: DeviceTestApp;
beforeAll(async () => {
  t = await buildDeviceTestApp({ now: () => new Date(clock) });
});
afterAll(() => t.close());

/** The enrolment answer exactly as it came off the wire. */
const rawEnrol = async (request: Record<string, unknown>): Promise<string> => {
  const clientId = `enrol-${randomBytes(12).toString('hex')}`;
  const client = await mqtt.connectAsync(t.mqttUrl, {
    clientId,
    username: ENROL_USERNAME,
    reconnectPeriod: 0,
  });
  try {
    const answer = new Promise<string>((resolve) =>
      client.on('message', (_topic, payload) => resolve(payload.toString('utf8'))),
    );
    await client.subscribeAsync(topics.enrolResponse(clientId), { qos: 1 });
    await client.publishAsync(
      topics.enrolRequest(clientId),
      JSON.stringify({
        v: PROTOCOL_VERSION,
        model: 'RUT955',
        firmware: 'RUT9_R_00.07.06.1',
        ...request,
      }),
      { qos: 1 },
    );
    return await answer;
  } finally {
    await client.endAsync();
  }
};

describe('the enrolment topic as a claim-secret oracle', () => {
  it('answers every kind of wrong request with the same bytes', async () => {
    const pending = await createPendingDevice(t.db);
    const enrolled = await createPendingDevice(t.db);
    const { client: device } = await enrolOnline(t, enrolled);

    const answers = {
      unknownSerial: await rawEnrol({
        serial: randomSerial(),
        mac: pending.mac,
        claim: pending.claim,
      }),
      wrongClaim: await rawEnrol({
        serial: pending.serial,
        mac: pending.mac,
        claim: 'WRONGCLAIM0000000000',
      }),
      wrongMac: await rawEnrol({
        serial: pending.serial,
        mac: '02:00:5E:00:00:01',
        claim: pending.claim,
      }),
      noMac: await rawEnrol({ serial: pending.serial, claim: pending.claim }),
      alreadyEnrolled: await rawEnrol({
        serial: enrolled.serial,
        mac: enrolled.mac,
        claim: enrolled.claim,
      }),
      malformed: await rawEnrol({ serial: '<script>', claim: 'x' }),
    };
    const expected = JSON.stringify(ENROL_REFUSED);
    for (const [attempt, raw] of Object.entries(answers)) {
      expect({ attempt, raw }).toEqual({ attempt, raw: expected });
    }
    await device.endAsync();
  });

  it('stops answering yes from an address that guessed too often, even to the right secret', async () => {
    const victim = await createPendingDevice(t.db);
    // 30 refusals per address and 10 minutes (enrolment.ts); the first test spent a few already.
    for (let guess = 0; guess < 30; guess += 1) {
      const claim = `GUESS${String(guess).padStart(15, '0')}`;
      expect(await rawEnrol({ serial: victim.serial, mac: victim.mac, claim })).toBe(
        JSON.stringify(ENROL_REFUSED),
      );
    }
    // Guessed right, too late: the answer is the same refusal, so the hit is not recognisable.
    expect(await enrol(t.mqttUrl, victim)).toEqual(ENROL_REFUSED);

    // The throttle is a window, not a lock-out of the real device for ever.
    clock += WINDOW_MS + 1_000;
    const answer = await enrol(t.mqttUrl, victim);
    expect(answer).toMatchObject({ ok: true, device_id: victim.id });
  });
});

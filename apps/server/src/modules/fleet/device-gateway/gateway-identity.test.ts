import { PROTOCOL_VERSION, topics } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDeviceTestApp,
  connectDevice,
  createPendingDevice,
  credentialOf,
  type DeviceTestApp,
  enrol,
  waitFor,
} from '@test/devices';
import type { DeviceIdentity } from './gateway.port';

// The gateway's enrolment and identity hooks (design alerts-automations §4.2), on the embedded
// broker: a listener hears each enrolment once and each hello that changed the firmware once.

let t: DeviceTestApp;
const enrolled: number[][] = [];
const changes: { deviceId: number; before: DeviceIdentity; after: DeviceIdentity }[] = [];
beforeAll(async () => {
  t = await buildDeviceTestApp();
  t.gateway.addListener({
    enrolled: (deviceIds) => void enrolled.push([...deviceIds]),
    identityChanged: (deviceId, before, after) => void changes.push({ deviceId, before, after }),
  });
});
afterAll(() => t.close());

describe('gateway hooks', () => {
  it('tells of an enrolment, then of a hello with other firmware (not of the same again)', async () => {
    const pending = await createPendingDevice(t.db);
    const credential = credentialOf(await enrol(t.mqttUrl, pending));
    expect(enrolled).toEqual([[pending.id]]);

    const device = await connectDevice(t.mqttUrl, credential);
    const hello = (firmware: string) =>
      device.publishAsync(
        topics.hello(pending.id),
        JSON.stringify({
          v: PROTOCOL_VERSION,
          model: 'RUTX11',
          firmware,
          agent: 'test',
          serial: pending.serial,
        }),
        { qos: 1 },
      );
    try {
      await hello('RUTX_R_00.07.04');
      await waitFor(async () => changes.length === 1);
      await hello('RUTX_R_00.07.04');
      await hello('RUTX_R_00.07.06');
      await waitFor(async () => changes.length === 2);
      await new Promise((wake) => setTimeout(wake, 300));
      expect(changes).toEqual([
        {
          deviceId: pending.id,
          // What the device stated when it enrolled.
          before: { model: 'RUT955', firmware: 'RUT9_R_00.07.06.1' },
          after: { model: 'RUTX11', firmware: 'RUTX_R_00.07.04' },
        },
        {
          deviceId: pending.id,
          before: { model: 'RUTX11', firmware: 'RUTX_R_00.07.04' },
          after: { model: 'RUTX11', firmware: 'RUTX_R_00.07.06' },
        },
      ]);
    } finally {
      await device.endAsync();
    }
  });
});

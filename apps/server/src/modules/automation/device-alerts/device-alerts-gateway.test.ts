import { topics } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertEvents, deviceAlertConfigs, devices } from '@/db/schema';
import {
  buildDeviceTestApp,
  connectDevice,
  createPendingDevice,
  type DeviceTestApp,
  enrol,
  waitFor,
} from '@test/devices';

let t: DeviceTestApp;
beforeAll(async () => {
  t = await buildDeviceTestApp();
});
afterAll(() => t.close());

describe('device alert events over the embedded broker', () => {
  it('takes a valid event on the device’s own al topic into the alert history, drops invalid ones', async () => {
    const pending = await createPendingDevice(t.db);
    const answer = await enrol(t.mqttUrl, pending);
    if (!answer.ok) throw new Error('enrolment refused');
    const device = await connectDevice(t.mqttUrl, {
      deviceId: answer.device_id,
      username: answer.username,
      password: answer.password,
    });
    const [row] = await t.db.select().from(devices).where(eq(devices.id, pending.id));
    const [config] = await t.db
      .insert(deviceAlertConfigs)
      .values({
        deviceId: pending.id,
        companyId: row?.companyId ?? 0,
        alertTypeId: 3,
        alertSubtypeId: 9,
        action: 3,
        message: '%ex',
      })
      .returning();
    const publish = (body: unknown) =>
      device.publishAsync(topics.alert(pending.id), JSON.stringify(body), { qos: 1 });
    await publish({ ts: Date.now(), config_id: config?.id, text: 'no type ids' });
    await publish({
      ts: Date.now(),
      config_id: config?.id,
      alert_type_id: 3,
      alert_subtype_id: 9,
      text: 'Signal strength dropped below -75 dBm (-118 dBm)',
      values: { signal: -118 },
    });
    const events = () =>
      t.db.select().from(alertEvents).where(eq(alertEvents.deviceId, pending.id));
    await waitFor(async () => (await events()).length > 0);
    expect(await events()).toEqual([
      expect.objectContaining({
        source: 'device',
        kind: 'event',
        alertsConfigId: config?.id,
        message: 'Signal strength dropped below -75 dBm (-118 dBm)',
        overallStatus: 'skipped',
      }),
    ]);
    await device.endAsync();
  });
});

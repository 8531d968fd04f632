import { topics } from '@netfleet/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertEvents, devices } from '@/db/schema';
import { ruleBody } from '@/modules/automation/automations/automations.fixtures';
import {
  buildDeviceTestApp,
  connectDevice,
  createPendingDevice,
  type DeviceTestApp,
  enrol,
  waitFor,
} from '@test/devices';
import { createCompany, createUser } from '@test/factories';
import { loginAs } from '@test/session';
import { eventually } from './runtime.fixtures';

let t: DeviceTestApp;
beforeAll(async () => {
  t = await buildDeviceTestApp();
});
afterAll(() => t.close());

const kindsOf = async (automationId: number) =>
  (
    await t.db
      .select({ kind: alertEvents.kind, message: alertEvents.message })
      .from(alertEvents)
      .where(eq(alertEvents.automationId, automationId))
      .orderBy(asc(alertEvents.id))
  ).map((row) => `${row.kind}: ${row.message}`);

describe('status rules on the real gateway', () => {
  it('fire when a device goes offline and resolve when it is back', async () => {
    const company = await createCompany(t.db);
    const admin = await createUser(t.db, 'admin', { company });
    const session = await loginAs(t.app, admin);
    const pending = await createPendingDevice(t.db, { companyId: company.id });
    const enrolled = await enrol(t.mqttUrl, pending);
    if (!enrolled.ok) throw new Error('enrolment refused');
    const credential = {
      deviceId: enrolled.device_id,
      username: enrolled.username,
      password: enrolled.password,
    };
    const [row] = await t.db.select().from(devices).where(eq(devices.id, pending.id));
    const name = row?.name ?? '';

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/automations',
      headers: session.headers,
      payload: ruleBody({
        name: 'Offline',
        company_id: company.id,
        cooldown_enabled: false,
        conditions_body: [
          {
            type: 'if',
            expression: [{ parameter: 'status', operator: '==', value: 0 }],
            actions: [],
          },
        ],
      }),
    });
    expect(created.statusCode).toBe(200);
    const id = Number(created.json().data.id);
    await t.app.inject({
      method: 'PUT',
      url: '/api/automations/devices/assign',
      headers: session.headers,
      payload: { data: [{ automation_id: id, device_id: [pending.id] }] },
    });
    await new Promise((wake) => setTimeout(wake, 600));

    const device = await connectDevice(t.mqttUrl, credential);
    await waitFor(() => t.gateway.link.isOnline(pending.id));
    await device.publishAsync(
      topics.telemetry(pending.id, 'gps'),
      JSON.stringify({ ts: Date.now(), data: { latitude: 54.69, longitude: 25.28 } }),
      { qos: 1 },
    );
    await t.gateway.flush();
    await new Promise((wake) => setTimeout(wake, 400));
    expect(await kindsOf(id)).toEqual([]);

    // The last will takes it offline: a transition the gateway stored, so the rule fires.
    device.stream.destroy();
    await waitFor(() => !t.gateway.link.isOnline(pending.id));
    await t.gateway.flush();
    expect(
      await eventually(
        () => kindsOf(id),
        (kinds) => kinds.length === 1,
      ),
    ).toEqual([`fired: ${name}: Offline — status 0`]);

    const again = await connectDevice(t.mqttUrl, credential);
    await waitFor(() => t.gateway.link.isOnline(pending.id));
    await t.gateway.flush();
    expect(
      await eventually(
        () => kindsOf(id),
        (kinds) => kinds.length === 2,
      ),
    ).toEqual([
      `fired: ${name}: Offline — status 0`,
      `resolved: Resolved: ${name}: Offline — status 1`,
    ]);
    await again.endAsync();
  });
});

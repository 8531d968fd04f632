import type { AuthDevice } from '@netfleet/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, devices } from '@/db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '@test/app';
import {
  buildDeviceTestApp,
  connectDevice,
  createPendingDevice,
  type DeviceTestApp,
  enrol,
  type PendingDevice,
} from '@test/devices';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

// Approved devices over the embedded broker: a second device with an enrolled serial is refused
// and recorded (in the gateway's flush), the super admin approves it, and then that hardware
// enrols with its own claim while the old credential is refused.

let t: DeviceTestApp;
let superAdmin: TestSession;
let admin: TestSession;
let device: PendingDevice;
let oldCredential: { deviceId: number; username: string; password: string };

const NEW_MAC = '00:1E:42:00:00:02';
const NEW_CLAIM = 'NEWBOARDCLAIM001';

beforeAll(async () => {
  t = await buildDeviceTestApp();
  superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const company = await createCompany(t.db, { name: 'Swap Co' });
  admin = await loginAs(t.app, await createUser(t.db, 'admin', { company }));
  device = await createPendingDevice(t.db, { companyId: company.id, mac: '00:1E:42:00:00:01' });
  const answer = await enrol(t.mqttUrl, device);
  if (!answer.ok) throw new Error('first enrolment refused');
  oldCredential = {
    deviceId: answer.device_id,
    username: answer.username,
    password: answer.password,
  };
  // Connected once, so its credential sits in the gateway's login cache.
  const client = await connectDevice(t.mqttUrl, oldCredential);
  await client.endAsync();
});
afterAll(() => t.close());

const call = (session: TestSession, method: 'GET' | 'POST' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: session.headers });

const listed = async (query = '') => {
  const response = await call(superAdmin, 'GET', `/api/devices/authorized${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AuthDevice[]; meta: { total: number } }>();
};

const refusedOnce = async (mac: string, claim: string) => {
  const answer = await enrol(t.mqttUrl, { serial: device.serial, claim, mac });
  expect(answer.ok).toBe(false);
};

describe('approved devices', () => {
  it('lists a refused identity once per identity, attempts added up, after the flush', async () => {
    await refusedOnce(NEW_MAC, 'FIRSTTRYCLAIM001');
    await refusedOnce(NEW_MAC, NEW_CLAIM);
    await refusedOnce('00:1E:42:00:00:03', 'OTHERBOARDCLAIM1');
    await t.gateway.flush();
    const { data, meta } = await listed('?sort=serial,-attempts');
    expect(meta.total).toBe(2);
    expect(data[0]).toMatchObject({
      status: 'refused',
      serial: device.serial,
      mac: NEW_MAC,
      model: 'RUT955',
      attempts: 2,
      device_id: device.id,
      device_mac: device.mac,
      company_name: 'Swap Co',
      approved_at: null,
    });
    expect((await listed('?q=00:03')).data.map((row) => row.mac)).toEqual(['00:1E:42:00:00:03']);
    expect((await listed('?status=approved')).meta.total).toBe(0);
  });

  it('is for the super admin only, and answers 400 on unknown sorts, 404 on unknown ids', async () => {
    expect((await call(admin, 'GET', '/api/devices/authorized')).statusCode).toBe(403);
    expect((await call(superAdmin, 'GET', '/api/devices/authorized?sort=claim')).statusCode).toBe(
      400,
    );
    const missing = await call(superAdmin, 'POST', '/api/devices/authorized/999999/approve');
    expect(missing.statusCode).toBe(404);
  });

  it('approves: the new hardware enrols with its claim, the old credential is refused', async () => {
    const row = (await listed(`?q=${encodeURIComponent(NEW_MAC)}`)).data[0];
    if (!row) throw new Error('refused identity not listed');
    const response = await call(superAdmin, 'POST', `/api/devices/authorized/${row.id}/approve`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: AuthDevice }>().data).toMatchObject({
      status: 'approved',
      device_mac: NEW_MAC,
      previous_mac: device.mac,
      approved_by: ADMIN_EMAIL,
    });
    const again = await call(superAdmin, 'POST', `/api/devices/authorized/${row.id}/approve`);
    expect(again.statusCode).toBe(409);

    await expect(connectDevice(t.mqttUrl, oldCredential)).rejects.toThrow();
    // The old hardware with its old claim gets nothing either.
    expect((await enrol(t.mqttUrl, device)).ok).toBe(false);
    const answer = await enrol(t.mqttUrl, {
      serial: device.serial,
      claim: NEW_CLAIM,
      mac: NEW_MAC,
    });
    expect(answer).toMatchObject({ ok: true, device_id: device.id });
    if (!answer.ok) return;
    const client = await connectDevice(t.mqttUrl, {
      deviceId: answer.device_id,
      username: answer.username,
      password: answer.password,
    });
    await client.endAsync();
    await expect(connectDevice(t.mqttUrl, oldCredential)).rejects.toThrow();

    const [stored] = await t.db.select().from(devices).where(eq(devices.id, device.id));
    expect(stored?.mac).toBe(NEW_MAC);
    const logged = await t.db
      .select()
      .from(actionLogs)
      .where(
        and(
          eq(actionLogs.action, 'device_identity_approve'),
          eq(actionLogs.entityId, String(device.id)),
        ),
      );
    expect(logged).toHaveLength(1);
    const approvals = await listed('?status=approved');
    expect(approvals.data.map((approval) => approval.id)).toEqual([row.id]);
  });

  it('dismisses a refused identity', async () => {
    const { data } = await listed();
    const other = data.find((row) => row.mac === '00:1E:42:00:00:03');
    if (!other) throw new Error('second identity not listed');
    const response = await call(superAdmin, 'DELETE', `/api/devices/authorized/${other.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect((await listed()).data.map((row) => row.id)).not.toContain(other.id);
    const gone = await call(superAdmin, 'DELETE', `/api/devices/authorized/${other.id}`);
    expect(gone.statusCode).toBe(404);
  });
});

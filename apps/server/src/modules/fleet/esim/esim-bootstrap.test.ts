import {
  type AckMessage,
  deviceCapabilities,
  ERROR_CODES,
  ESIM_MESSAGES,
  esimBootstrapStatusSchema,
  type StatusChannelData,
} from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceJobs, devices } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { createUserWithPermissions } from '@/modules/organisation/roles/roles.fixtures';
import { buildTestApp, type TestApp } from '@test/app';
import { waitFor } from '@test/devices';
import { createCompany, createUser } from '@test/factories';
import { createFakeGateway, insertDevice } from '@test/fake-gateway';
import { loginAs, type TestSession } from '@test/session';

const gateway = createFakeGateway();
let t: TestApp;
let treeA: CompanyRow;
let treeB: CompanyRow;
let admin: TestSession;
let viewer: TestSession;

const FIRMWARE = 'RUTX_R_00.07.06.1';
const STATUS = {
  bootstrap: { iccid: '8999000000000000001', provider: 'Vendor', enabled: false },
  operational_profile: true,
};

/** A device of `company`, online unless said otherwise; RUTX50 has an eSIM, RUT955 none. */
const device = async (
  company: CompanyRow,
  model: 'RUTX50' | 'RUT955' = 'RUTX50',
  online = true,
) => {
  const row = await insertDevice(t.db, company, { model, firmware: FIRMWARE });
  await t.db
    .update(devices)
    .set({ capabilities: deviceCapabilities(model, FIRMWARE) })
    .where(eq(devices.id, row.id));
  if (online) gateway.online.add(row.id);
  return row.id;
};

const check = async (session: TestSession, id: number) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/devices/${id}/check/esim-bootstrap`,
    headers: session.headers,
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
};

/** The device answers the esim_bootstrap command it was sent. */
const answer = async (deviceId: number, ack: Omit<AckMessage, 'id'>) => {
  const sent = () => gateway.commandsFor(deviceId).find((c) => c.type === 'esim_bootstrap');
  await waitFor(() => sent() !== undefined);
  const id = sent()?.id ?? 0;
  await gateway.listener.ack(deviceId, { id, status: 'received' });
  await gateway.listener.ack(deviceId, { id, ...ack });
};

/** The device's updates on the channel once the last is completed or an error. */
const outcome = async (channel: string, deviceId: number) => {
  let updates: StatusChannelData[string] = [];
  await waitFor(async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/status/channel/${encodeURIComponent(channel)}`,
      headers: admin.headers,
    });
    updates = (response.json() as { data: StatusChannelData }).data[String(deviceId)] ?? [];
    return ['completed', 'error'].includes(updates.at(-1)?.status ?? '');
  });
  return updates;
};

const jobsOf = (deviceId: number) =>
  t.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, deviceId));

beforeAll(async () => {
  t = await buildTestApp({}, { deviceGateway: gateway });
  treeA = await createCompany(t.db, { name: 'Alpha' });
  treeB = await createCompany(t.db, { name: 'Beta' });
  admin = await loginAs(t.app, await createUser(t.db, 'admin', { company: treeA }));
  viewer = await loginAs(
    t.app,
    await createUserWithPermissions(t.db, treeA, ['view_devices', 'update_devices']),
  );
});
afterAll(() => t.close());

describe('GET /api/devices/:id/check/esim-bootstrap', () => {
  it("answers a channel at once; the device's status arrives on it as JSON", async () => {
    const id = await device(treeA);
    const response = await check(admin, id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ success: true, meta: { channel: expect.any(String) } });
    await answer(id, { status: 'completed', result: JSON.stringify(STATUS) });
    const updates = await outcome(response.body.meta.channel, id);
    expect(updates[0]).toMatchObject({ status: 'started' });
    const last = updates.at(-1);
    expect(last?.status).toBe('completed');
    expect(esimBootstrapStatusSchema.parse(JSON.parse(last?.value ?? ''))).toEqual(STATUS);
    // A job like any other device command, logged with the device's answer.
    expect(await jobsOf(id)).toEqual([
      expect.objectContaining({ type: 'esim_bootstrap', status: 'completed' }),
    ]);
  });

  it("reports the device's refusal, or an answer that is no bootstrap status, as an error", async () => {
    const refusing = await device(treeA);
    const refused = await check(admin, refusing);
    await answer(refusing, { status: 'rejected', message: ESIM_MESSAGES.notSupported });
    expect((await outcome(refused.body.meta.channel, refusing)).at(-1)).toMatchObject({
      status: 'error',
      value: ESIM_MESSAGES.notSupported,
    });

    const garbling = await device(treeA);
    const garbled = await check(admin, garbling);
    await answer(garbling, {
      status: 'completed',
      result: JSON.stringify({ bootstrap: { iccid: '12' }, operational_profile: 'yes' }),
    });
    expect((await outcome(garbled.body.meta.channel, garbling)).at(-1)).toMatchObject({
      status: 'error',
      value: ESIM_MESSAGES.bootstrapUnreadable,
    });
  });

  it('refuses an offline device and a device without eSIM, asking nothing', async () => {
    const away = await device(treeA, 'RUTX50', false);
    const offline = await check(admin, away);
    expect(offline.status).toBe(409);
    expect(offline.body.errors[0]).toMatchObject({
      code: ERROR_CODES.DEVICE_OFFLINE,
      message: ESIM_MESSAGES.bootstrapOffline,
    });
    const plain = await device(treeA, 'RUT955');
    const none = await check(admin, plain);
    expect(none.status).toBe(422);
    expect(none.body.errors[0]).toMatchObject({
      code: ERROR_CODES.VALIDATION_ERROR,
      message: ESIM_MESSAGES.notSupported,
    });
    expect(await jobsOf(away)).toEqual([]);
    expect(await jobsOf(plain)).toEqual([]);
  });

  it("hides another tree's device and needs create_multi_configuration", async () => {
    const other = await device(treeB);
    const hidden = await check(admin, other);
    expect(hidden.status).toBe(404);
    expect(hidden.body.errors[0].code).toBe(ERROR_CODES.NOT_FOUND);
    const own = await device(treeA);
    expect((await check(viewer, own)).status).toBe(403);
    expect(await jobsOf(other)).toEqual([]);
    expect(await jobsOf(own)).toEqual([]);
  });
});

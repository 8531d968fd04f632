import { deviceCapabilities, ERROR_CODES, ESIM_MESSAGES } from '@netfleet/contracts';
import { asc, eq } from 'drizzle-orm';
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

/** A device of `company` whose capabilities (from its hello) say whether it has an eSIM. */
const device = async (company: CompanyRow, model: 'RUTX50' | 'RUT955') => {
  const row = await insertDevice(t.db, company, { model, firmware: FIRMWARE });
  await t.db
    .update(devices)
    .set({ capabilities: deviceCapabilities(model, FIRMWARE) })
    .where(eq(devices.id, row.id));
  gateway.online.add(row.id);
  return row.id;
};

const post = async (session: TestSession, id: number, payload: object) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/devices/${id}/esim/profiles`,
    headers: session.headers,
    payload,
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
};

const jobsOf = (deviceId: number) =>
  // In creation order: PostgreSQL returns rows in no set order once a dispatch has updated them.
  t.db
    .select()
    .from(deviceJobs)
    .where(eq(deviceJobs.deviceId, deviceId))
    .orderBy(asc(deviceJobs.id));

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

describe('POST /api/devices/:id/esim/profiles', () => {
  it('queues an esim_profile job for a has_esim device and answers its channel', async () => {
    const id = await device(treeA, 'RUTX50');
    const args = { action: 'add', activation_code: 'LPA:1$smdp.example.com$ABC-123' };
    const response = await post(admin, id, args);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.meta.channel).toEqual(expect.any(String));
    const [job] = await jobsOf(id);
    expect(job).toMatchObject({ type: 'esim_profile', channel: response.body.meta.channel });
    await waitFor(() => gateway.commandsFor(id).some((command) => command.type === 'esim_profile'));
    const sent = gateway.commandsFor(id).find((command) => command.type === 'esim_profile');
    expect(sent?.args).toEqual(args);
  });

  it('takes the other actions by ICCID', async () => {
    const id = await device(treeA, 'RUTX50');
    for (const action of ['enable', 'disable', 'delete']) {
      const response = await post(admin, id, { action, iccid: '8937000000000000001' });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    }
    expect((await jobsOf(id)).map((job) => job.args)).toEqual([
      { action: 'enable', iccid: '8937000000000000001' },
      { action: 'disable', iccid: '8937000000000000001' },
      { action: 'delete', iccid: '8937000000000000001' },
    ]);
  });

  it('refuses a bad activation code, a missing confirmation code and a device without eSIM', async () => {
    const id = await device(treeA, 'RUTX50');
    const bad = await post(admin, id, { action: 'add', activation_code: 'LPA:1$localhost$X' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].code).toBe(ERROR_CODES.VALIDATION_ERROR);
    const flagged = await post(admin, id, {
      action: 'add',
      activation_code: 'LPA:1$smdp.example.com$X$$1',
    });
    expect(flagged.status).toBe(422);
    const plain = await device(treeA, 'RUT955');
    const response = await post(admin, plain, { action: 'enable', iccid: '8937000000000000001' });
    expect(response.status).toBe(422);
    expect(response.body.errors[0]).toMatchObject({
      code: ERROR_CODES.VALIDATION_ERROR,
      message: ESIM_MESSAGES.notSupported,
    });
    expect(await jobsOf(id)).toEqual([]);
    expect(await jobsOf(plain)).toEqual([]);
  });

  it("hides another tree's device and needs create_multi_configuration", async () => {
    const other = await device(treeB, 'RUTX50');
    const hidden = await post(admin, other, { action: 'disable', iccid: '8937000000000000001' });
    expect(hidden.status).toBe(404);
    const own = await device(treeA, 'RUTX50');
    const forbidden = await post(viewer, own, { action: 'disable', iccid: '8937000000000000001' });
    expect(forbidden.status).toBe(403);
    expect(await jobsOf(other)).toEqual([]);
    expect(await jobsOf(own)).toEqual([]);
  });
});

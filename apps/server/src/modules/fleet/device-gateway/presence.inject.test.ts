import { randomBytes } from 'node:crypto';
import { deviceCapabilities, ERROR_CODES } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@/config';
import { devices } from '@/db/schema';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { createFakeGateway, type FakeGateway, insertDevice } from '@test/fake-gateway';
import { multipartBody } from '@test/multipart';
import { loginAs, type TestSession } from '@test/session';

const FIRMWARE = 'RUTX_R_00.07.06.1';

/**
 * An app on a stand-in gateway and an eSIM device whose state and hello went to another
 * instance: unknown to this one, online in its row. `config.mqttUrl` puts it behind an external
 * broker.
 */
const useWorld = (config: Partial<Config>) => {
  const w = {
    gateway: undefined as unknown as FakeGateway,
    t: undefined as unknown as TestApp,
    admin: undefined as unknown as TestSession,
    deviceId: 0,
    companyId: 0,
  };
  beforeAll(async () => {
    w.gateway = createFakeGateway();
    w.t = await buildTestApp(config, { deviceGateway: w.gateway });
    const company = await createCompany(w.t.db);
    w.companyId = company.id;
    w.admin = await loginAs(w.t.app, await createUser(w.t.db, 'admin', { company }));
    const row = await insertDevice(w.t.db, company, { model: 'RUTX50', firmware: FIRMWARE });
    await w.t.db
      .update(devices)
      .set({ status: 1, capabilities: deviceCapabilities('RUTX50', FIRMWARE) })
      .where(eq(devices.id, row.id));
    w.deviceId = row.id;
  });
  afterAll(() => w.t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    w.t.app.inject({ method, url, headers: w.admin.headers, ...(payload ? { payload } : {}) });

  /** RMS `offline: false`: refused unless the device is connected. */
  const updateFirmware = async () => {
    const { payload, contentType } = multipartBody(
      { type: 'firmware', description: 'nightly', company_id: String(w.companyId) },
      { name: 'RUTX_R_00.07.07.bin', content: randomBytes(64) },
    );
    const upload = await w.t.app.inject({
      method: 'POST',
      url: '/api/files',
      payload,
      headers: { ...w.admin.headers, 'content-type': contentType },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const fileId = upload.json<{ data: { id: number } }>().data.id;
    return call('POST', '/api/devices/updates/set', {
      data: [{ id: w.deviceId, action: 'update_firmware', file_id: fileId, offline: false }],
    });
  };

  const checkEsim = () => call('GET', `/api/devices/${w.deviceId}/check/esim-bootstrap`);
  return { w, updateFirmware, checkEsim };
};

describe('device commands behind an external broker, the device connected to another instance', () => {
  const { w, updateFirmware, checkEsim } = useWorld({ mqttUrl: 'mqtt://broker.test:1883' });

  it('queues and sends a firmware update', async () => {
    const response = await updateFirmware();
    expect(response.statusCode, response.body).toBe(200);
    // Sent after the answer (device-jobs dispatch), through the shared broker.
    await expect
      .poll(() => w.gateway.commandsFor(w.deviceId).map((command) => command.type))
      .toEqual(['firmware_update']);
  });

  it('asks the eSIM bootstrap check of the device', async () => {
    const response = await checkEsim();
    expect(response.statusCode, response.body).toBe(200);
    await expect
      .poll(() => w.gateway.commandsFor(w.deviceId).map((command) => command.type))
      .toContain('esim_bootstrap');
  });
});

describe('device commands with the embedded broker (one instance)', () => {
  const { w, updateFirmware, checkEsim } = useWorld({});

  it("goes by this instance's liveness alone: a row left online is not enough", async () => {
    const update = await updateFirmware();
    expect(update.statusCode).toBe(422);
    expect(update.json()).toMatchObject({ errors: [{ code: ERROR_CODES.DEVICE_OFFLINE }] });
    const response = await checkEsim();
    expect(response.statusCode).toBe(409);
    expect(w.gateway.commands).toEqual([]);
  });
});

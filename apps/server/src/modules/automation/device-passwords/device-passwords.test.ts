import type { PasswordBatch, PasswordBatchDevice } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, deviceJobs, passwordBatchDevices } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createFakeGateway, insertDevice } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { multipartBody } from '@test/multipart';
import { loginAs, type TestSession } from '@test/session';

const gateway = createFakeGateway();
let t: TestApp;
let company: CompanyRow;
let session: TestSession;

beforeAll(async () => {
  t = await buildTestApp({}, { deviceGateway: gateway });
  company = await createCompany(t.db);
  session = await loginAs(t.app, await createUser(t.db, 'admin', { company }));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object, as = session) =>
  t.app.inject({ method, url, headers: as.headers, ...(payload ? { payload } : {}) });

const batches = async () =>
  (
    (await call('GET', '/api/devices/passwords/generated/tasks?limit=100')).json() as {
      data: PasswordBatch[];
    }
  ).data;

const sentPassword = (deviceId: number) => {
  const command = gateway.commandsFor(deviceId).find((c) => c.type === 'set_password');
  return { id: command?.id ?? 0, password: String(command?.args.password ?? '') };
};

describe('device passwords', () => {
  it('generates per-device passwords, sends them, and lets the list be downloaded once', async () => {
    const a = await insertDevice(t.db, company);
    const b = await insertDevice(t.db, company);
    const foreign = await insertDevice(t.db, await createCompany(t.db));
    gateway.online.add(a.id).add(b.id);

    const response = await call('POST', '/api/devices/passwords/generate', {
      data: [
        { id: a.id, length: 12, use_special: 1 },
        { id: b.id, length: 20, use_special: 0 },
        { id: foreign.id, length: 12, use_special: 0 },
      ],
    });
    expect(response.statusCode, response.body).toBe(207);
    const answer = response.json() as {
      data: number[];
      meta: { task_id: string };
      errors: { source: string }[];
    };
    expect(answer.data.sort()).toEqual([a.id, b.id].sort());
    expect(answer.errors.map((error) => error.source)).toEqual([String(foreign.id)]);

    const [pa, pb] = [sentPassword(a.id), sentPassword(b.id)];
    expect(pa.password).toHaveLength(12);
    expect(pa.password).toMatch(/[^A-Za-z0-9]/);
    expect(pb.password).toMatch(/^[A-Za-z0-9]{20}$/);
    // Sealed at rest, never stored as given.
    const stored = await t.db
      .select()
      .from(passwordBatchDevices)
      .where(eq(passwordBatchDevices.deviceId, a.id));
    expect(stored[0]?.sealedPassword).not.toContain(pa.password);

    await gateway.listener.ack(a.id, { id: pa.id, status: 'completed' });
    const batch = (await batches()).find((entry) => entry.id === answer.meta.task_id);
    expect(batch).toMatchObject({
      total: 2,
      completed: 1,
      downloadable: true,
      company_id: company.id,
    });
    const devices = (await call('GET', `/api/tasks/${answer.meta.task_id}/devices`)).json() as {
      data: PasswordBatchDevice[];
    };
    expect(devices.data.map((d) => [d.id, d.status])).toEqual([
      [a.id, 'completed'],
      [b.id, 'sent'],
    ]);
    // The finished job no longer carries the password.
    const [job] = await t.db.select().from(deviceJobs).where(eq(deviceJobs.id, pa.id));
    expect(job?.args).not.toHaveProperty('password');

    const download = await call('GET', `/api/tasks/${answer.meta.task_id}/download/passwords`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/csv');
    const lines = download.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,name,serial,mac,password,status');
    expect(lines.slice(1).map((line) => line.split(',')[4])).toEqual([pa.password, pb.password]);

    const again = await call('GET', `/api/tasks/${answer.meta.task_id}/download/passwords`);
    expect(again.statusCode).toBe(400);
    const wiped = await t.db
      .select()
      .from(passwordBatchDevices)
      .where(eq(passwordBatchDevices.deviceId, a.id));
    expect(wiped[0]?.sealedPassword).toBeNull();
    const audit = await t.db
      .select()
      .from(actionLogs)
      .where(eq(actionLogs.action, 'device_passwords_download'));
    expect(audit.map((entry) => entry.entityId)).toContain(answer.meta.task_id);
  });

  it('sets given passwords, checks them, and keeps hidden ones out of the download', async () => {
    const device = await insertDevice(t.db, company);
    const bad = [
      [
        { password: 'Secret123', password_confirmation: 'Secret124' },
        'data.0.password_confirmation',
      ],
      [{ password: 'short1', password_confirmation: 'short1' }, 'data.0.password'],
      [{ password: 'lettersonly', password_confirmation: 'lettersonly' }, 'data.0.password'],
    ] as const;
    for (const [item, source] of bad) {
      const response = await call('POST', '/api/devices/passwords/set', {
        data: [{ id: device.id, ...item }],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[0].source).toBe(source);
    }
    const set = await call('POST', '/api/devices/passwords/set', {
      data: [{ id: device.id, password: 'Secret123', password_confirmation: 'Secret123' }],
    });
    expect(set.statusCode, set.body).toBe(200);
    const { task_id: taskId } = (set.json() as { meta: { task_id: string } }).meta;
    expect((await batches()).find((entry) => entry.id === taskId)?.downloadable).toBe(false);
    expect((await call('GET', `/api/tasks/${taskId}/download/passwords`)).statusCode).toBe(400);
  });

  it('sets passwords from a CSV file by serial, and names the bad line', async () => {
    const device = await insertDevice(t.db, company);
    const upload = (csv: string) => {
      const { payload, contentType } = multipartBody(
        { show_password: 'true' },
        { name: 'passwords.csv', content: Buffer.from(csv) },
      );
      return t.app.inject({
        method: 'POST',
        url: '/api/devices/passwords/upload',
        headers: { ...session.headers, 'content-type': contentType },
        payload,
      });
    };
    const refused = await upload(
      `serial,password\n${device.serial},Secret123\nNF000000,Secret123\n`,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({
      source: 'file',
      message: 'No device with this serial (line 3)',
    });
    expect((await upload('name,password\nx,Secret123\n')).statusCode).toBe(422);

    const accepted = await upload(`serial,password\n${device.serial},Upload123\n`);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect((accepted.json() as { data: number[] }).data).toEqual([device.id]);
  });

  it('needs update_devices', async () => {
    const guest = await loginAs(t.app, await createUser(t.db, 'read_only', { company }));
    const device = await insertDevice(t.db, company);
    const response = await call(
      'POST',
      '/api/devices/passwords/generate',
      { data: [{ id: device.id }] },
      guest,
    );
    expect(response.statusCode).toBe(403);
  });
});

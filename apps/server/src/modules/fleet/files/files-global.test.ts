import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileInfo } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createFakeGateway, insertDevice } from '@test/fake-gateway';
import { createCompany, createUser, rootCompany } from '@test/factories';
import { multipartBody } from '@test/multipart';
import { loginAs, type TestSession } from '@test/session';

// Global firmware: uploaded and managed only with upload_files_global_scope, seen by every
// company, usable for any device's firmware update.
const gateway = createFakeGateway();
let t: TestApp;
let dataDir: string;
let root: CompanyRow;
let customer: CompanyRow;
let operator: TestSession;
let admin: TestSession;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'nf-global-'));
  t = await buildTestApp({ dataDir }, { deviceGateway: gateway });
  root = await rootCompany(t.db);
  customer = await createCompany(t.db);
  operator = await loginAs(t.app, await createUser(t.db, 'super_admin', { company: root }));
  admin = await loginAs(t.app, await createUser(t.db, 'admin', { company: customer }));
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = (as: TestSession, companyId: number, type = 'global_firmware') => {
  const { payload, contentType } = multipartBody(
    { type, description: 'for everyone', company_id: String(companyId) },
    { name: 'RUTX_R_00.07.10.bin', content: randomBytes(2048) },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...as.headers, 'content-type': contentType },
    payload,
  });
};

const call = (
  as: TestSession,
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: as.headers, ...(payload ? { payload } : {}) });

describe('global firmware', () => {
  it('is uploaded only with its permission, and seen and used by every company', async () => {
    const refused = await upload(admin, customer.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errors: [{ source: 'type' }] });

    const created = await upload(operator, root.id);
    expect(created.statusCode, created.body).toBe(200);
    const file = (created.json() as { data: FileInfo }).data;
    expect(file.type).toBe('global_firmware');

    // The customer's admin sees it among firmware, reads it, and updates a device with it.
    const listed = await call(admin, 'GET', '/api/files?type=firmware,global_firmware');
    expect((listed.json() as { data: FileInfo[] }).data.map((f) => f.id)).toContain(file.id);
    expect((await call(admin, 'GET', `/api/files/${file.id}`)).statusCode).toBe(200);
    const device = await insertDevice(t.db, customer, { model: 'RUTX11' });
    gateway.online.add(device.id);
    const usable = await call(
      admin,
      'GET',
      `/api/files?device_id=${device.id}&type=global_firmware`,
    );
    expect((usable.json() as { data: FileInfo[] }).data.map((f) => f.id)).toEqual([file.id]);
    const update = await call(admin, 'POST', '/api/devices/updates/set', {
      data: [{ id: device.id, action: 'update_firmware', file_id: file.id, offline: false }],
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(gateway.commandsFor(device.id)[0]).toMatchObject({
      type: 'firmware_update',
      args: { file_id: file.id },
    });
    // And as a task manager firmware step.
    const group = await call(admin, 'POST', '/api/devices/tasks/groups', {
      name: 'Global firmware',
      tasks: [
        {
          name: 'Update',
          order: 0,
          timeout: 300,
          action: 'firmware_update',
          data: { file_id: file.id },
        },
      ],
    });
    expect(group.statusCode, group.body).toBe(200);

    // But it cannot change or delete it; the operator can.
    const rename = await call(admin, 'PUT', `/api/files/${file.id}`, { description: 'mine' });
    expect(rename.statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/api/files/${file.id}`)).statusCode).toBe(403);
    expect(
      (await call(operator, 'PUT', `/api/files/${file.id}`, { description: 'v2' })).statusCode,
    ).toBe(200);
    expect((await call(operator, 'DELETE', `/api/files/${file.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/files/${file.id}`)).statusCode).toBe(404);
  });

  it('refuses an unknown type in the list filter', async () => {
    const response = await call(admin, 'GET', '/api/files?type=firmware,nonsense');
    expect(response.statusCode).toBe(400);
  });
});

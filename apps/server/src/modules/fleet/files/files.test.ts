import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_FILE_SIZE } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '@/db/types';
import { multipartBody } from '@test/multipart';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '@test/app';
import { createFakeGateway, insertDevice } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { createFileSigner } from './file-signature';
import { readZip } from './zip-archive.fixtures';

const gateway = createFakeGateway();
let t: TestApp;
let dataDir: string;
let company: CompanyRow;
let session: TestSession;
let stranger: TestSession;
let strangerCompany: CompanyRow;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'nf-files-'));
  t = await buildTestApp({ dataDir }, { deviceGateway: gateway });
  company = await createCompany(t.db);
  session = await loginAs(t.app, await createUser(t.db, 'end_user', { company }));
  strangerCompany = await createCompany(t.db);
  stranger = await loginAs(t.app, await createUser(t.db, 'end_user', { company: strangerCompany }));
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const multipart = (fields: Record<string, string>, file?: { name: string; content: Buffer }) => {
  const { payload, contentType } = multipartBody(fields, file);
  return { payload, headers: { ...session.headers, 'content-type': contentType } };
};

const upload = async (content: Buffer, name = 'RUT9_R_00.07.07.bin', type = 'firmware') => {
  const body = multipart(
    { type, description: 'nightly', company_id: String(company.id) },
    {
      name,
      content,
    },
  );
  return t.app.inject({ method: 'POST', url: '/api/files', ...body });
};

const uploaded = async (content: Buffer) => {
  const response = await upload(content);
  // RMS answers 200 with the new id in meta; netfleet adds the file in data.
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as {
    data: { id: number; sha256: string; size: number };
    meta: { id: number };
  };
  expect(body.meta.id).toBe(body.data.id);
  return body.data;
};

const get = (url: string, as = session) =>
  t.app.inject({ method: 'GET', url, headers: as.headers });

describe('files', () => {
  it('stores an upload with its size and SHA-256, and serves it back', async () => {
    const content = randomBytes(4096);
    const file = await uploaded(content);
    expect(file).toMatchObject({
      size: 4096,
      file_size: 4096,
      device_id: null,
      version: null,
      sha256: createHash('sha256').update(content).digest('hex'),
    });

    const download = await get(`/api/files/${file.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers['content-disposition']).toContain('RUT9_R_00.07.07.bin');

    const list = await get('/api/files?type=firmware');
    expect(list.json()).toMatchObject({ success: true });
    expect((list.json() as { data: { id: number }[] }).data.map((f) => f.id)).toContain(file.id);
    expect((await get('/api/files?type=config')).json()).toMatchObject({ meta: { total: 0 } });
  });

  it('changes the description and removes the file from disk', async () => {
    const file = await uploaded(randomBytes(16));
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/files/${file.id}`,
      headers: session.headers,
      payload: { description: 'stable' },
    });
    expect(put.json()).toMatchObject({ data: { description: 'stable' } });
    const before = (await readdir(join(dataDir, 'files'))).length;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/files/${file.id}`,
      headers: session.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await readdir(join(dataDir, 'files'))).length).toBe(before - 1);
    expect((await get(`/api/files/${file.id}`)).statusCode).toBe(404);
  });

  it('hides files of other companies', async () => {
    const file = await uploaded(randomBytes(16));
    expect((await get(`/api/files/${file.id}`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/files/${file.id}/download`, stranger)).statusCode).toBe(404);
    expect((await get('/api/files', stranger)).json()).toMatchObject({ meta: { total: 0 } });
  });

  it('refuses files over 80 MB and forbidden names, keeping nothing on disk', async () => {
    const before = (await readdir(join(dataDir, 'files'))).length;
    const big = await upload(Buffer.alloc(MAX_FILE_SIZE + 1));
    expect(big.statusCode).toBe(422);
    expect(big.json()).toMatchObject({
      errors: [{ message: 'Maximum file size is 80 MB', source: 'file' }],
    });
    const badName = await upload(Buffer.from('x'), 'fw<1>.bin');
    expect(badName.statusCode).toBe(422);
    expect(badName.json()).toMatchObject({ errors: [{ source: 'file' }] });
    const badType = await upload(Buffer.from('x'), 'fw.bin', 'movie');
    expect(badType.json()).toMatchObject({ errors: [{ source: 'type' }] });
    expect((await readdir(join(dataDir, 'files'))).length).toBe(before);
  });

  it('answers an upload cut short with a 400, keeping nothing (it once never answered)', async () => {
    const before = (await readdir(join(dataDir, 'files'))).length;
    const body = multipart(
      { type: 'firmware', company_id: String(company.id) },
      { name: 'RUT9_R_00.07.07.bin', content: Buffer.from('firmware bytes') },
    );
    // The closing boundary and the end of the file part never arrive.
    const payload = body.payload.subarray(0, body.payload.length - 12);
    const response = await t.app.inject({ method: 'POST', url: '/api/files', ...body, payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      errors: [{ code: 'VALIDATION_ERROR', message: 'Malformed multipart body' }],
    });
    expect((await readdir(join(dataDir, 'files'))).length).toBe(before);
  });
});

describe('device models and archives', () => {
  const zip = (files: unknown, as = session) =>
    t.app.inject({
      method: 'POST',
      url: '/api/files/download/zip',
      headers: as.headers,
      payload: { files },
    });

  it('keeps the device model a firmware file is for, and filters by it', async () => {
    const body = multipart(
      { type: 'firmware', company_id: String(company.id), device_model: 'RUTX11' },
      { name: 'RUTX_R_00.07.10.bin', content: randomBytes(8) },
    );
    const response = await t.app.inject({ method: 'POST', url: '/api/files', ...body });
    expect(response.json()).toMatchObject({ data: { device_model: 'RUTX11' } });
    const id = (response.json() as { data: { id: number } }).data.id;
    const ids = async (query: string) =>
      ((await get(`/api/files?${query}`)).json() as { data: { id: number }[] }).data.map(
        (file) => file.id,
      );
    expect(await ids('device_model=rutx')).toContain(id);
    expect(await ids('device_model=TRB')).not.toContain(id);

    const custom = multipart(
      { type: 'custom_file', company_id: String(company.id), device_model: 'RUTX11' },
      { name: 'notes.txt', content: randomBytes(8) },
    );
    const refused = await t.app.inject({ method: 'POST', url: '/api/files', ...custom });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: [{ source: 'device_model' }] });
  });

  it('packs the chosen files into one ZIP archive, in the order asked', async () => {
    const first = randomBytes(2048);
    const second = randomBytes(100);
    const a = await uploaded(first);
    const b = await uploaded(second);
    const response = await zip([b.id, a.id]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('files.zip');
    const entries = readZip(response.rawPayload);
    expect(entries.map((entry) => entry.content)).toEqual([second, first]);
    expect(entries.every((entry) => entry.crcOk)).toBe(true);
    // Both uploads share one name: the archive keeps both.
    expect(entries.map((entry) => entry.name)).toEqual([
      'RUT9_R_00.07.07.bin',
      'RUT9_R_00.07.07 (2).bin',
    ]);
  });

  it('refuses an archive naming a file the caller cannot see, or none, or too many', async () => {
    const file = await uploaded(randomBytes(16));
    const hidden = await zip([file.id], stranger);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ errors: [{ source: 'files' }] });
    expect((await zip([])).statusCode).toBe(422);
    expect((await zip(Array.from({ length: 51 }, (_, i) => i + 1))).statusCode).toBe(422);
    expect((await zip(['x'])).statusCode).toBe(422);
  });
});

describe('firmware updates', () => {
  const relative = (url: string) => url.slice(TEST_PUBLIC_URL.length);

  it('queues a firmware job whose signed link serves the file to the device', async () => {
    const content = randomBytes(1024);
    const file = await uploaded(content);
    const device = await insertDevice(t.db, company);
    gateway.online.add(device.id);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/set',
      headers: session.headers,
      payload: {
        data: [
          {
            id: device.id,
            action: 'update_firmware',
            file_id: file.id,
            offline: false,
            keep_settings: false,
          },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [command] = gateway.commandsFor(device.id);
    expect(command).toMatchObject({
      type: 'firmware_update',
      args: { size: 1024, sha256: file.sha256, name: 'RUT9_R_00.07.07.bin', keep_settings: false },
    });
    const url = String(command?.args.url);
    expect(url.startsWith(`${TEST_PUBLIC_URL}/api/files/${file.id}/device-download?`)).toBe(true);

    const download = await t.app.inject({ method: 'GET', url: relative(url) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);

    const tampered = relative(url).replace(`device_id=${device.id}`, `device_id=${device.id + 1}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);

    const pending = await get('/api/devices/updates/pending');
    expect(pending.json()).toMatchObject({
      data: [
        {
          device_id: device.id,
          file_id: file.id,
          status: 'sent',
          job_type: 1,
          name: 'RUT9_R_00.07.07.bin',
          serial: device.serial,
        },
      ],
    });
    const logs = await get(`/api/devices/actions/logs?device_id=${device.id}`);
    expect(logs.body).not.toContain('signature=');

    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/set',
      headers: session.headers,
      payload: { data: [{ id: device.id, file_id: file.id, offline: true }] },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses an expired link with 403', async () => {
    const file = await uploaded(randomBytes(8));
    const signer = createFileSigner(t.jwtSecret, TEST_PUBLIC_URL);
    const expired = signer.url(file.id, 1, new Date(Date.now() - 1000));
    const response = await t.app.inject({ method: 'GET', url: relative(expired) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, errors: [{ code: 'FORBIDDEN' }] });
    const valid = signer.url(file.id, 1, new Date(Date.now() + 60_000));
    expect((await t.app.inject({ method: 'GET', url: relative(valid) })).statusCode).toBe(200);
  });

  it('cancels a queued update per device, and reports devices without one', async () => {
    const file = await uploaded(randomBytes(8));
    const device = await insertDevice(t.db, company);
    const idle = await insertDevice(t.db, company);
    await t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/set',
      headers: session.headers,
      payload: { data: [{ id: device.id, file_id: file.id, offline: true }] },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/cancel',
      headers: session.headers,
      payload: {
        data: [
          { id: device.id, job_id: [] },
          { id: idle.id, job_id: [] },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(207);
    const body = response.json() as { data: number[]; errors: { source: string }[] };
    expect(body.data).toHaveLength(1);
    expect(body.errors).toMatchObject([{ source: String(idle.id) }]);
  });

  it('cancels only the named update jobs, and refuses offline devices with offline: false', async () => {
    const file = await uploaded(randomBytes(8));
    const device = await insertDevice(t.db, company);
    const away = await insertDevice(t.db, company);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/set',
      headers: session.headers,
      payload: {
        data: [
          { id: device.id, action: 'update_firmware', file_id: file.id, offline: true },
          { id: away.id, action: 'update_firmware', file_id: file.id, offline: false },
          { id: away.id, action: 'upload_backup', file_id: file.id, offline: true },
        ],
      },
    });
    expect(set.statusCode, set.body).toBe(207);
    expect(set.json()).toMatchObject({
      errors: [
        { code: 'DEVICE_OFFLINE', source: String(away.id) },
        { code: 'VALIDATION_ERROR', source: String(away.id) },
      ],
    });
    const [pending] = (await get(`/api/devices/updates/pending?device_id=${device.id}`)).json()
      .data as { id: number }[];
    if (!pending) throw new Error('no pending update');
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/cancel',
      headers: session.headers,
      payload: { data: [{ id: device.id, job_id: [pending.id + 1000] }] },
    });
    expect(other.statusCode).toBe(404);
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/cancel',
      headers: session.headers,
      payload: { data: [{ id: device.id, job_id: [pending.id] }] },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({ success: true, data: [pending.id] });
  });

  it('lists the pending updates of one device with device_id, until cancelled', async () => {
    const file = await uploaded(randomBytes(8));
    const device = await insertDevice(t.db, company);
    const idle = await insertDevice(t.db, company);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/set',
      headers: session.headers,
      payload: { data: [{ id: device.id, file_id: file.id, offline: true }] },
    });
    expect(set.statusCode, set.body).toBe(200);
    const pendingOf = async (id: number | string) =>
      (await get(`/api/devices/updates/pending?device_id=${id}`)).json() as {
        data: { device_id: number; file_name: string }[];
        meta: { total: number };
      };

    expect(await pendingOf(device.id)).toMatchObject({
      data: [{ device_id: device.id, file_name: 'RUT9_R_00.07.07.bin' }],
      meta: { total: 1 },
    });
    expect(await pendingOf(idle.id)).toMatchObject({ data: [], meta: { total: 0 } });
    // Another company's device is simply not among the caller's updates.
    expect(
      (await get(`/api/devices/updates/pending?device_id=${device.id}`, stranger)).json(),
    ).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await get('/api/devices/updates/pending?device_id=abc')).statusCode).toBe(400);

    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/cancel',
      headers: session.headers,
      payload: { data: [{ id: device.id }] },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await pendingOf(device.id)).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('refuses a foreign file per device without naming it', async () => {
    const file = await uploaded(randomBytes(8));
    const theirs = await insertDevice(t.db, strangerCompany);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/set',
      headers: stranger.headers,
      payload: { data: [{ id: theirs.id, file_id: file.id, offline: true }] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).not.toContain('RUT9_R_00.07.07.bin');
  });
});

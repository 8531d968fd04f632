import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL } from '@test/app';
import { insertDevice } from '@test/fake-gateway';
import { createFileSigner } from './file-signature';
import { useFilesWorld } from './files.fixtures';

const { w, uploaded, get } = useFilesWorld();

describe('firmware updates', () => {
  const relative = (url: string) => url.slice(TEST_PUBLIC_URL.length);

  it('queues a firmware job whose signed link serves the file to the device', async () => {
    const content = randomBytes(1024);
    const file = await uploaded(content);
    const device = await insertDevice(w.t.db, w.company);
    w.gateway.online.add(device.id);

    const response = await w.t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/set',
      headers: w.session.headers,
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
    const [command] = w.gateway.commandsFor(device.id);
    expect(command).toMatchObject({
      type: 'firmware_update',
      args: { size: 1024, sha256: file.sha256, name: 'RUT9_R_00.07.07.bin', keep_settings: false },
    });
    const url = String(command?.args.url);
    expect(url.startsWith(`${TEST_PUBLIC_URL}/api/files/${file.id}/device-download?`)).toBe(true);

    const download = await w.t.app.inject({ method: 'GET', url: relative(url) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);

    const tampered = relative(url).replace(`device_id=${device.id}`, `device_id=${device.id + 1}`);
    expect((await w.t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);

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

    const twice = await w.t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/set',
      headers: w.session.headers,
      payload: { data: [{ id: device.id, file_id: file.id, offline: true }] },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses an expired link with 403', async () => {
    const file = await uploaded(randomBytes(8));
    const signer = createFileSigner(w.t.jwtSecret, TEST_PUBLIC_URL);
    const expired = signer.url(file.id, 1, new Date(Date.now() - 1000));
    const response = await w.t.app.inject({ method: 'GET', url: relative(expired) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, errors: [{ code: 'FORBIDDEN' }] });
    const valid = signer.url(file.id, 1, new Date(Date.now() + 60_000));
    expect((await w.t.app.inject({ method: 'GET', url: relative(valid) })).statusCode).toBe(200);
  });

  it('cancels a queued update per device, and reports devices without one', async () => {
    const file = await uploaded(randomBytes(8));
    const device = await insertDevice(w.t.db, w.company);
    const idle = await insertDevice(w.t.db, w.company);
    await w.t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/set',
      headers: w.session.headers,
      payload: { data: [{ id: device.id, file_id: file.id, offline: true }] },
    });
    const response = await w.t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/cancel',
      headers: w.session.headers,
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
    const device = await insertDevice(w.t.db, w.company);
    const away = await insertDevice(w.t.db, w.company);
    const set = await w.t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/set',
      headers: w.session.headers,
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
    const other = await w.t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/cancel',
      headers: w.session.headers,
      payload: { data: [{ id: device.id, job_id: [pending.id + 1000] }] },
    });
    expect(other.statusCode).toBe(404);
    const cancel = await w.t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/cancel',
      headers: w.session.headers,
      payload: { data: [{ id: device.id, job_id: [pending.id] }] },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({ success: true, data: [pending.id] });
  });

  it('lists the pending updates of one device with device_id, until cancelled', async () => {
    const file = await uploaded(randomBytes(8));
    const device = await insertDevice(w.t.db, w.company);
    const idle = await insertDevice(w.t.db, w.company);
    const set = await w.t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/set',
      headers: w.session.headers,
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
    // Another w.company's device is simply not among the caller's updates.
    expect(
      (await get(`/api/devices/updates/pending?device_id=${device.id}`, w.stranger)).json(),
    ).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await get('/api/devices/updates/pending?device_id=abc')).statusCode).toBe(400);

    const cancel = await w.t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/cancel',
      headers: w.session.headers,
      payload: { data: [{ id: device.id }] },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await pendingOf(device.id)).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('refuses a foreign file per device without naming it', async () => {
    const file = await uploaded(randomBytes(8));
    const theirs = await insertDevice(w.t.db, w.strangerCompany);
    const response = await w.t.app.inject({
      method: 'POST',
      url: '/api/devices/updates/set',
      headers: w.stranger.headers,
      payload: { data: [{ id: theirs.id, file_id: file.id, offline: true }] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).not.toContain('RUT9_R_00.07.07.bin');
  });
});

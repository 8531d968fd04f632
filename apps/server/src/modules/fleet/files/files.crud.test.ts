import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_FILE_SIZE } from '@netfleet/contracts';
import { describe, expect, it } from 'vitest';
import { useFilesWorld } from './files.fixtures';

const { w, multipart, upload, uploaded, get } = useFilesWorld();

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
    const put = await w.t.app.inject({
      method: 'PUT',
      url: `/api/files/${file.id}`,
      headers: w.session.headers,
      payload: { description: 'stable' },
    });
    expect(put.json()).toMatchObject({ data: { description: 'stable' } });
    const before = (await readdir(join(w.dataDir, 'files'))).length;
    const removed = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/files/${file.id}`,
      headers: w.session.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await readdir(join(w.dataDir, 'files'))).length).toBe(before - 1);
    expect((await get(`/api/files/${file.id}`)).statusCode).toBe(404);
  });

  it('hides files of other companies', async () => {
    const file = await uploaded(randomBytes(16));
    expect((await get(`/api/files/${file.id}`, w.stranger)).statusCode).toBe(404);
    expect((await get(`/api/files/${file.id}/download`, w.stranger)).statusCode).toBe(404);
    expect((await get('/api/files', w.stranger)).json()).toMatchObject({ meta: { total: 0 } });
  });

  it('refuses files over 80 MB and forbidden names, keeping nothing on disk', async () => {
    const before = (await readdir(join(w.dataDir, 'files'))).length;
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
    expect((await readdir(join(w.dataDir, 'files'))).length).toBe(before);
  });

  it('answers an upload cut short with a 400, keeping nothing (it once never answered)', async () => {
    const before = (await readdir(join(w.dataDir, 'files'))).length;
    const body = multipart(
      { type: 'firmware', company_id: String(w.company.id) },
      { name: 'RUT9_R_00.07.07.bin', content: Buffer.from('firmware bytes') },
    );
    // The closing boundary and the end of the file part never arrive.
    const payload = body.payload.subarray(0, body.payload.length - 12);
    const response = await w.t.app.inject({ method: 'POST', url: '/api/files', ...body, payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      errors: [{ code: 'VALIDATION_ERROR', message: 'Malformed multipart body' }],
    });
    expect((await readdir(join(w.dataDir, 'files'))).length).toBe(before);
  });
});

describe('device models', () => {
  it('keeps the device model a firmware file is for, and filters by it', async () => {
    const body = multipart(
      { type: 'firmware', company_id: String(w.company.id), device_model: 'RUTX11' },
      { name: 'RUTX_R_00.07.10.bin', content: randomBytes(8) },
    );
    const response = await w.t.app.inject({ method: 'POST', url: '/api/files', ...body });
    expect(response.json()).toMatchObject({ data: { device_model: 'RUTX11' } });
    const id = (response.json() as { data: { id: number } }).data.id;
    const ids = async (query: string) =>
      ((await get(`/api/files?${query}`)).json() as { data: { id: number }[] }).data.map(
        (file) => file.id,
      );
    expect(await ids('device_model=rutx')).toContain(id);
    expect(await ids('device_model=TRB')).not.toContain(id);

    const custom = multipart(
      { type: 'custom_file', company_id: String(w.company.id), device_model: 'RUTX11' },
      { name: 'notes.txt', content: randomBytes(8) },
    );
    const refused = await w.t.app.inject({ method: 'POST', url: '/api/files', ...custom });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: [{ source: 'device_model' }] });
  });
});

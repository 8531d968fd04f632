import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { multipartBody } from '@test/multipart';
import { loginAs, type TestSession } from '@test/session';
import { jpegHead, pngImage } from './images.fixtures';

let t: TestApp;
let dataDir: string;
let company: CompanyRow;
let strangerCompany: CompanyRow;
let admin: TestSession;
let stranger: TestSession;
let guest: TestSession;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'nf-images-'));
  t = await buildTestApp({ dataDir });
  company = await createCompany(t.db);
  strangerCompany = await createCompany(t.db);
  admin = await loginAs(t.app, await createUser(t.db, 'admin', { company }));
  guest = await loginAs(t.app, await createUser(t.db, 'read_only', { company }));
  stranger = await loginAs(t.app, await createUser(t.db, 'admin', { company: strangerCompany }));
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface ImageBody {
  id: number;
  original_width: number;
  original_height: number;
  description: string;
}

const upload = (
  content: Buffer,
  { name = 'logo.png', as = admin, fields = {} as Record<string, string> } = {},
) => {
  const { payload, contentType } = multipartBody(
    { type: 'device_dashboard', company_id: String(company.id), description: 'Lobby', ...fields },
    { name, content, field: 'image', type: 'image/png' },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/images',
    payload,
    headers: { ...as.headers, 'content-type': contentType },
  });
};

const uploaded = async (content = pngImage(64, 48), name = 'logo.png') => {
  const response = await upload(content, { name });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json<{ data: ImageBody; meta: { id: number } }>();
  expect(body.meta.id).toBe(body.data.id);
  return body.data;
};

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, as = admin, payload?: object) =>
  t.app.inject({ method, url, headers: as.headers, ...(payload ? { payload } : {}) });

const stored = async () => (await readdir(join(dataDir, 'images')).catch(() => [])).length;

describe('images', () => {
  it('stores a PNG with its size in pixels and serves it and its thumbnail back', async () => {
    const content = pngImage(64, 48);
    const image = await uploaded(content);
    expect(image).toMatchObject({
      original_width: 64,
      original_height: 48,
      description: 'Lobby',
      type: 'device_dashboard',
      mime_type: 'image/png',
      company_id: company.id,
      size: content.length,
    });

    for (const url of [`/api/images/${image.id}`, `/api/images/${image.id}/thumbnail`]) {
      const served = await call('GET', url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(content)).toBe(true);
    }

    const list = await call('GET', `/api/images?company_id=${company.id}&q=logo`);
    expect(list.json()).toMatchObject({ success: true });
    expect(list.json<{ data: ImageBody[] }>().data.map((i) => i.id)).toContain(image.id);
  });

  it('knows a JPEG by its bytes, whatever its name says', async () => {
    const image = await uploaded(jpegHead(1280, 720), 'photo.png');
    expect(image).toMatchObject({ mime_type: 'image/jpeg', original_width: 1280 });
    const served = await call('GET', `/api/images/${image.id}`);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('changes the description and removes the image from disk', async () => {
    const image = await uploaded();
    const put = await call('PUT', `/api/images/${image.id}`, admin, { description: ' Hall ' });
    expect(put.json()).toMatchObject({ success: true, data: { description: 'Hall' } });
    const tooLong = await call('PUT', `/api/images/${image.id}`, admin, {
      description: 'x'.repeat(256),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toMatchObject({ errors: [{ source: 'description' }] });

    const before = await stored();
    expect((await call('DELETE', `/api/images/${image.id}`)).statusCode).toBe(200);
    expect(await stored()).toBe(before - 1);
    expect((await call('GET', `/api/images/${image.id}`)).statusCode).toBe(404);
  });

  it('refuses what is no image, too big or badly named, keeping nothing on disk', async () => {
    const before = await stored();
    const cases: [Awaited<ReturnType<typeof upload>>, string, string][] = [
      [await upload(Buffer.from('<svg/>')), 'image', 'The file is not a JPEG or PNG image'],
      [await upload(pngImage(2049, 10)), 'image', 'The image may be at most 2048x1080 pixels'],
      [await upload(Buffer.alloc(5 * 1024 * 1024 + 1)), 'image', 'Maximum file size is 5 MB'],
      [
        await upload(pngImage(4, 4), { name: 'a|b.png' }),
        'image',
        'File name contains forbidden symbols',
      ],
      [
        await upload(pngImage(4, 4), { fields: { type: 'avatar' } }),
        'type',
        'Type must be one of device_dashboard',
      ],
      [
        await upload(pngImage(4, 4), { fields: { company_id: 'x' } }),
        'company_id',
        'Company is invalid',
      ],
    ];
    for (const [response, source, message] of cases) {
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toMatchObject({ success: false, errors: [{ source, message }] });
    }
    const { payload, contentType } = multipartBody({ type: 'device_dashboard' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      payload,
      headers: { ...admin.headers, 'content-type': contentType },
    });
    expect(none.json()).toMatchObject({ errors: [{ source: 'image' }] });
    expect(await stored()).toBe(before);
  });

  it('keeps each company’s images to the companies that see it', async () => {
    const image = await uploaded();
    for (const url of [`/api/images/${image.id}`, `/api/images/${image.id}/thumbnail`]) {
      expect((await call('GET', url, stranger)).statusCode).toBe(404);
    }
    expect(
      (await call('PUT', `/api/images/${image.id}`, stranger, { description: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/images/${image.id}`, stranger)).statusCode).toBe(404);
    const list = await call('GET', `/api/images?company_id=${company.id}`, stranger);
    expect(list.json()).toMatchObject({ data: [], meta: { total: 0 } });

    const foreign = await upload(pngImage(4, 4), { as: stranger });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ errors: [{ source: 'company_id' }] });
  });

  it('lets a guest look but not upload, change or remove', async () => {
    const image = await uploaded();
    expect((await call('GET', '/api/images', guest)).statusCode).toBe(200);
    expect((await call('GET', `/api/images/${image.id}/thumbnail`, guest)).statusCode).toBe(200);
    expect((await upload(pngImage(4, 4), { as: guest })).statusCode).toBe(403);
    expect(
      (await call('PUT', `/api/images/${image.id}`, guest, { description: 'x' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/images/${image.id}`, guest)).statusCode).toBe(403);
  });
});

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEVICE_DOCUMENTATION_MESSAGES, type DeviceDocumentation } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser, rootCompany } from '@test/factories';
import { multipartBody } from '@test/multipart';
import { loginAs, type TestSession } from '@test/session';

let t: TestApp;
let dataDir: string;
let customer: CompanyRow;
let operator: TestSession;
let admin: TestSession;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'nf-device-docs-'));
  t = await buildTestApp({ dataDir });
  const root = await rootCompany(t.db);
  customer = await createCompany(t.db);
  operator = await loginAs(t.app, await createUser(t.db, 'super_admin', { company: root }));
  admin = await loginAs(t.app, await createUser(t.db, 'admin', { company: customer }));
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const openApi = (version: string, paths: Record<string, unknown> = { '/system/info': {} }) =>
  Buffer.from(JSON.stringify({ openapi: '3.0.1', info: { title: 'RutOS API', version }, paths }));

const upload = (
  content: Buffer,
  { name = 'rutos.json', as = operator, fields = {} as Record<string, string> } = {},
) => {
  const { payload, contentType } = multipartBody(
    { system: 'rutos', ...fields },
    { name, content, type: 'application/json' },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/device-documentations',
    payload,
    headers: { ...as.headers, 'content-type': contentType },
  });
};

const uploaded = async (content: Buffer, options: Parameters<typeof upload>[1] = {}) => {
  const response = await upload(content, options);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: DeviceDocumentation }>().data;
};

const errorOf = (response: { json: () => unknown }) =>
  (response.json() as { errors: { message: string; source: string | null }[] }).errors[0];

const get = (url: string, as = admin) => t.app.inject({ method: 'GET', url, headers: as.headers });

const list = async (query = '') => {
  const response = await get(`/api/device-documentations${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: DeviceDocumentation[]; meta: { total: number } }>();
};

const stored = async () =>
  (await readdir(join(dataDir, 'device-documentations')).catch(() => [])).length;

describe('device documentations', () => {
  it('lists the built-in documentation and serves it as an OpenAPI document', async () => {
    const { data } = await list('?id=1');
    expect(data).toEqual([
      expect.objectContaining({ id: 1, api_system: 'rutos', api_version: '1.0', built_in: true }),
    ]);
    const file = await get('/api/device-documentations/1/file');
    expect(file.statusCode).toBe(200);
    const document = file.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toContain('/modems/status');
    expect(Number(file.headers['content-length'])).toBe(data[0]?.size);
  });

  it('keeps an upload with the version its document names, and serves its bytes back', async () => {
    const content = openApi('7.14');
    const documentation = await uploaded(content, { name: 'rutos-7.14.json' });
    expect(documentation).toMatchObject({
      name: 'rutos-7.14.json',
      api_system: 'rutos',
      api_version: '7.14',
      built_in: false,
      size: content.length,
    });
    expect(documentation.id).toBeGreaterThan(1);
    const file = await get(`/api/device-documentations/${documentation.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(content)).toBe(true);
    expect(file.headers['content-disposition']).toContain('rutos-7.14.json');
  });

  it('refuses a file that is not a .json OpenAPI document, on the file field', async () => {
    const cases: [string, Buffer, string][] = [
      ['api.yaml', openApi('7.15'), DEVICE_DOCUMENTATION_MESSAGES.notJsonFile],
      ['api.json', Buffer.from('{ not json'), DEVICE_DOCUMENTATION_MESSAGES.notJson],
      ['api.json', Buffer.from('{"title":"x"}'), DEVICE_DOCUMENTATION_MESSAGES.notOpenApi],
      [
        'api.json',
        Buffer.from(JSON.stringify({ openapi: '3.0.0', info: { version: '1' } })),
        DEVICE_DOCUMENTATION_MESSAGES.notOpenApi,
      ],
      [
        'api.json',
        Buffer.from(JSON.stringify({ openapi: '3.0.0', info: {}, paths: {} })),
        DEVICE_DOCUMENTATION_MESSAGES.noVersion,
      ],
    ];
    const before = await stored();
    for (const [name, content, message] of cases) {
      const response = await upload(content, { name });
      expect(response.statusCode, name).toBe(422);
      expect(errorOf(response)).toMatchObject({ message, source: 'file' });
    }
    const noSystem = await upload(openApi('7.15'), { fields: { system: 'ios' } });
    expect(noSystem.statusCode).toBe(422);
    expect(errorOf(noSystem)).toMatchObject({
      message: DEVICE_DOCUMENTATION_MESSAGES.systemInvalid,
      source: 'system',
    });
    expect(await stored()).toBe(before);
  });

  it('refuses a known system and version unless asked to overwrite, which keeps the id', async () => {
    const first = await uploaded(openApi('8.0'), { name: 'first.json' });
    const again = await upload(openApi('8.0'), { name: 'second.json' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      message: DEVICE_DOCUMENTATION_MESSAGES.exists,
      source: 'file',
    });
    const files = await stored();

    const replacement = openApi('8.0', { '/a': {}, '/b': {} });
    const replaced = await uploaded(replacement, {
      name: 'second.json',
      fields: { overwrite: 'true' },
    });
    expect(replaced).toMatchObject({ id: first.id, name: 'second.json', size: replacement.length });
    expect(await stored()).toBe(files);
    const file = await get(`/api/device-documentations/${first.id}/file`);
    expect(file.rawPayload.equals(replacement)).toBe(true);

    // The same version of the other system is another documentation.
    const tswos = await uploaded(openApi('8.0'), { fields: { system: 'tswos' } });
    expect(tswos.id).not.toBe(first.id);
  });

  it('never replaces the built-in documentation', async () => {
    const response = await upload(openApi('1.0'), { fields: { overwrite: 'true' } });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)?.message).toBe(DEVICE_DOCUMENTATION_MESSAGES.builtIn);
  });

  it('lets only a system administrator upload or remove', async () => {
    const response = await upload(openApi('9.0'), { as: admin });
    expect(response.statusCode).toBe(403);
    const { data } = await list('?q=9.0');
    expect(data).toEqual([]);
    const removal = await t.app.inject({
      method: 'DELETE',
      url: '/api/device-documentations/1',
      headers: admin.headers,
    });
    expect(removal.statusCode).toBe(403);
  });

  it('pages, sorts and filters the list', async () => {
    await uploaded(openApi('10.1'), { fields: { system: 'tswos' } });
    const all = await list('?sort=-id');
    expect(all.meta.total).toBeGreaterThanOrEqual(4);
    const ids = all.data.map((documentation) => documentation.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page = await list('?sort=-id&limit=1&offset=1');
    expect(page.data.map((documentation) => documentation.id)).toEqual([ids[1]]);
    const tswos = await list('?api_system=tswos');
    expect(tswos.data.every((documentation) => documentation.api_system === 'tswos')).toBe(true);
    expect(tswos.data.length).toBeGreaterThan(0);
  });

  it('is what data-collect configs may name, and is kept while a config uses it', async () => {
    const documentation = await uploaded(openApi('11.0'));
    const config = {
      name: 'Signal',
      company_id: customer.id,
      api_version: '11.0',
      period: 300,
      enabled: true,
      device_documentation_id: documentation.id,
      data: [
        { url: '/modems/status', variables: [{ id: 'rsrp', filter: '$.rsrp', type: 'number' }] },
      ],
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/data-collect/configs',
      headers: admin.headers,
      payload: config,
    });
    expect(created.statusCode, created.body).toBe(200);
    const configId = created.json<{ data: { id: number } }>().data.id;
    const read = await get(`/api/data-collect/configs/${configId}`);
    expect(read.json<{ data: { config: { api_system: string } } }>().data.config.api_system).toBe(
      'rutos',
    );

    const remove = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/device-documentations/${documentation.id}`,
        headers: operator.headers,
      });
    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)?.message).toBe(DEVICE_DOCUMENTATION_MESSAGES.inUse);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/data-collect/configs/${configId}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const files = await stored();
    expect((await remove()).statusCode).toBe(200);
    expect(await stored()).toBe(files - 1);
    expect((await get(`/api/device-documentations/${documentation.id}/file`)).statusCode).toBe(404);
  });

  it('refuses to remove the built-in documentation', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/device-documentations/1',
      headers: operator.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)?.message).toBe(DEVICE_DOCUMENTATION_MESSAGES.builtIn);
  });
});

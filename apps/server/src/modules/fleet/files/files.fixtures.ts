import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createFakeGateway } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { multipartBody } from '@test/multipart';
import { loginAs, type TestSession } from '@test/session';

/**
 * The files tests' world for one file (each file owns its app, database and data directory): an
 * app on a fake gateway storing files in a temporary directory, an end user of one company, an
 * end user of another (the stranger), and the requests the tests make.
 */
export const useFilesWorld = () => {
  const gateway = createFakeGateway();
  const w = {
    gateway,
    t: undefined as unknown as TestApp,
    dataDir: '',
    company: undefined as unknown as CompanyRow,
    session: undefined as unknown as TestSession,
    strangerCompany: undefined as unknown as CompanyRow,
    stranger: undefined as unknown as TestSession,
  };
  beforeAll(async () => {
    w.dataDir = await mkdtemp(join(tmpdir(), 'nf-files-'));
    w.t = await buildTestApp({ dataDir: w.dataDir }, { deviceGateway: gateway });
    w.company = await createCompany(w.t.db);
    w.session = await loginAs(
      w.t.app,
      await createUser(w.t.db, 'end_user', { company: w.company }),
    );
    w.strangerCompany = await createCompany(w.t.db);
    w.stranger = await loginAs(
      w.t.app,
      await createUser(w.t.db, 'end_user', { company: w.strangerCompany }),
    );
  });
  afterAll(async () => {
    await w.t.close();
    await rm(w.dataDir, { recursive: true, force: true });
  });

  const multipart = (fields: Record<string, string>, file?: { name: string; content: Buffer }) => {
    const { payload, contentType } = multipartBody(fields, file);
    return { payload, headers: { ...w.session.headers, 'content-type': contentType } };
  };

  const upload = async (content: Buffer, name = 'RUT9_R_00.07.07.bin', type = 'firmware') => {
    const body = multipart(
      { type, description: 'nightly', company_id: String(w.company.id) },
      { name, content },
    );
    return w.t.app.inject({ method: 'POST', url: '/api/files', ...body });
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

  const get = (url: string, as?: TestSession) =>
    w.t.app.inject({ method: 'GET', url, headers: (as ?? w.session).headers });

  return { w, multipart, upload, uploaded, get };
};

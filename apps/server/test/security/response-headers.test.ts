import { mkdtemp, rm } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '@/plugins/spa';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { rootCompany } from '@test/factories';
import { multipartBody } from '@test/multipart';
import { loginAs, type TestSession } from '@test/session';

// ICSA-23-131-08, stored XSS: even when a script gets stored in a field, the browser must not run
// it — the console's pages forbid inline and foreign scripts, API answers are JSON (never HTML a
// browser would render), and stored files are downloads, never pages of the console's origin.

const PAYLOAD = '<img src=x onerror="window.__xss=1">';

let t: TestApp;
let dir: string;
let admin: TestSession;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nf-security-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>netfleet</title>');
  t = await buildTestApp({ webDist: dir, dataDir: dir });
  admin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('what a browser is told about the console’s answers', () => {
  it('sends every page with a policy that runs no inline or foreign script', async () => {
    for (const url of [
      '/',
      '/index.html',
      '/management/devices',
      `/x?q=${encodeURIComponent(PAYLOAD)}`,
    ]) {
      const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-security-policy'], url).toBe(CONTENT_SECURITY_POLICY);
      expect(page.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const directives = new Map(
      CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
  });

  it('answers the API as JSON, also when the stored value is markup', async () => {
    const root = await rootCompany(t.db);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${root.id}`,
      headers: admin.headers,
      payload: { name: PAYLOAD },
    });
    for (const response of [
      renamed,
      await t.app.inject({
        method: 'GET',
        url: `/api/companies/${root.id}`,
        headers: admin.headers,
      }),
      await t.app.inject({ method: 'GET', url: `/api/companies`, headers: admin.headers }),
      // A refusal and an unknown route echo the input: still JSON.
      await t.app.inject({
        method: 'GET',
        url: `/api/devices/${encodeURIComponent(PAYLOAD)}`,
        headers: admin.headers,
      }),
      await t.app.inject({
        method: 'GET',
        url: `/api/${encodeURIComponent(PAYLOAD)}`,
        headers: { accept: 'text/html' },
      }),
    ]) {
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('serves a stored HTML file as a download that is never sniffed into a page', async () => {
    const root = await rootCompany(t.db);
    const upload = (name: string) => {
      const { payload, contentType } = multipartBody(
        { type: 'custom_file', company_id: String(root.id) },
        {
          name,
          content: Buffer.from(`<script>window.__xss=1</script>${PAYLOAD}`),
          type: 'text/html',
        },
      );
      return t.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: { ...admin.headers, 'content-type': contentType },
        payload,
      });
    };
    // Markup in the name is refused outright, with the field named.
    const marked = await upload(`${PAYLOAD}.html`);
    expect(marked.statusCode).toBe(422);
    expect(marked.json()).toMatchObject({ success: false, errors: [{ source: 'file' }] });
    const uploaded = await upload('notes.html');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const id = uploaded.json<{ data: { id: number } }>().data.id;
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/${id}/download`,
      headers: admin.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });
});

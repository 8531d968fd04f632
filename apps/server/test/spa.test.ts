import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app';

let t: TestApp;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'nf-web-dist-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>netfleet</title>');
  mkdirSync(join(webDist, 'assets-static', 'img'), { recursive: true });
  writeFileSync(join(webDist, 'assets-static', 'favicon.svg'), '<svg/>');
  t = await buildTestApp({ webDist });
});
afterAll(() => t.close());

const html = { accept: 'text/html,application/xhtml+xml' };

it('serves index.html for client routes a browser opens', async () => {
  for (const url of ['/', '/login', '/management/devices', '/account', '/verify-email?token=x']) {
    const response = await t.app.inject({ method: 'GET', url, headers: html });
    expect(response.statusCode, url).toBe(200);
    expect(response.body).toContain('<title>netfleet</title>');
  }
});

it('serves static assets', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/assets-static/favicon.svg' });
  expect(response.statusCode).toBe(200);
  expect(response.body).toBe('<svg/>');
});

it('never answers API paths with the SPA', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/unknown', headers: html });
  expect(response.statusCode).toBe(404);
  expect(response.json().success).toBe(false);
});

it('answers non-HTML requests for unknown paths with a 404 envelope', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/no-such-file.js' });
  expect(response.statusCode).toBe(404);
  expect(response.json().errors[0].code).toBe('NOT_FOUND');
});

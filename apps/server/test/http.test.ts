import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from './app';
import { createUser } from './factories';
import { loginAs, SPA_HEADERS } from './session';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('lists the routes at /api/openapi.json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\.1/);
    for (const path of [
      '/account/login',
      '/account/token/refresh',
      '/account/token/revoke',
      '/api/user',
      '/api/storage',
      '/api/storage/{key}',
      '/api/users/{id}/impersonate',
      '/api/user/tokens',
      '/account/password',
      '/api/password-confirmation',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(
      doc.paths['/account/login'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['email', 'password']);
  });

  it('serves the docs UI at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('error envelopes', () => {
  it('answers unknown /api and /account paths with a 404 envelope', async () => {
    for (const url of ['/api/nothing-here', '/account/nothing-here']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        success: false,
        errors: [{ code: 'NOT_FOUND', source: null }],
      });
    }
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/account/login',
      headers: { ...SPA_HEADERS, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe('VALIDATION_ERROR');
  });

  it('answers a bad path parameter with 400 naming it', async () => {
    const session = await loginAs(t.app, await createUser(t.db, 'end_user'));
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/tokens/abc',
      headers: session.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: 'VALIDATION_ERROR', source: 'id' });
  });

  it('answers an id beyond the integer columns with 400, not a database error', async () => {
    const session = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    for (const [method, url] of [
      ['DELETE', '/api/user/tokens/99999999999'],
      ['DELETE', '/api/user/tokens/0'],
      ['POST', '/api/users/99999999999/impersonate'],
      ['POST', '/api/users/2147483648/impersonate'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: session.headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors[0], url).toMatchObject({
        code: 'VALIDATION_ERROR',
        source: 'id',
      });
    }
    const largest = await t.app.inject({
      method: 'POST',
      url: '/api/users/2147483647/impersonate',
      headers: session.headers,
    });
    expect(largest.statusCode).toBe(404);
  });

  it('answers a bad query parameter with 400 naming it', async () => {
    const session = await loginAs(t.app, await createUser(t.db, 'end_user'));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/storage?limit=100000',
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].source).toBe('limit');
  });

  it('answers a missing permission with 403 FORBIDDEN', async () => {
    const session = await loginAs(t.app, await createUser(t.db, 'read_only'));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/impersonation-logs',
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('FORBIDDEN');
  });
});

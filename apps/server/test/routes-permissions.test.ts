import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('every route declares a permission (deny by default)', () => {
  const records = t.app.routePermissions;
  expect(records.length).toBeGreaterThan(10);
  const undeclared = records
    .filter((r) => !r.pluginRoute && r.permission === undefined)
    .map((r) => `${r.method} ${r.url}`);
  expect(undeclared).toEqual([]);
});

it('only the docs UI and the static file route are exempt', () => {
  const exempt = new Set(t.app.routePermissions.filter((r) => r.pluginRoute).map((r) => r.url));
  for (const url of exempt) expect(url).toMatch(/^\/api\/docs(\/|$)|^\/\*$/);
});

it('the public routes are exactly the ones meant to be public', () => {
  const publicRoutes = t.app.routePermissions
    .filter((r) => !r.pluginRoute && r.permission === 'public' && r.method !== 'HEAD')
    .map((r) => `${r.method} ${r.url}`)
    .sort();
  expect(publicRoutes).toEqual(
    [
      'GET /api/openapi.json',
      'GET /account/invitations/:token',
      'POST /account/invitations/:token/register',
      'POST /account/email/verify',
      'POST /account/login',
      'POST /account/logout',
      'POST /account/password/forgot',
      'POST /account/password/reset',
      'POST /account/token/refresh',
      'POST /account/token/revoke',
      // A device's signed, expiring link is its authorisation (files.firmware-updates.test.ts).
      'GET /api/files/:id/device-download',
      // The signed, expiring upload link of a device's backup job (device-backups.test.ts).
      'PUT /api/files/device-upload',
      'PUT /api/files/device-file',
      // The map tile URL every browser showing a map receives anyway (map.routes.ts).
      'GET /api/map/settings',
      // A VPN profile's link: an HMAC of the client's certificate, dead once it expires or is
      // revoked (vpn/hub-profiles.test.ts).
      'GET /api/vpn/profiles/:id/:token',
      // A hub's spec for the agent of its zone: a signed, expiring link naming that device
      // (vpn/hub-zones.test.ts).
      'GET /api/vpn/hubs/:id/agent-spec',
      // For load balancers and Prometheus; /metrics checks METRICS_TOKEN itself (health.test.ts).
      'GET /healthz',
      'GET /readyz',
      'GET /metrics',
    ].sort(),
  );
});

it('the routes that need a recent password confirmation (423) are exactly the sensitive ones', () => {
  const sensitive = t.app.routePermissions
    .filter((r) => r.confirmPassword)
    .map((r) => `${r.method} ${r.url}`)
    .sort();
  // PUT /account/user asks for it itself, only when the e-mail address changes.
  expect(sensitive).toEqual(
    [
      'DELETE /account/mfa',
      'DELETE /api/admin/users',
      'DELETE /api/admin/users/mfa',
      'POST /account/mfa/email',
      'POST /account/mfa/totp',
      'POST /api/user/tokens',
      'PUT /api/user/impersonation-access',
    ].sort(),
  );
});

it('a route without a declared permission answers 403', async () => {
  const { buildApp } = await import('@/app');
  const app = await buildApp({
    config: t.config,
    db: t.db,
    jwtSecret: 'x'.repeat(32),
    logger: false,
  });
  app.get('/api/undeclared', () => ({ success: true }));
  await app.ready();
  const response = await app.inject({ method: 'GET', url: '/api/undeclared' });
  expect(response.statusCode).toBe(403);
  expect(
    app.routePermissions.some((r) => r.url === '/api/undeclared' && r.permission === undefined),
  ).toBe(true);
  await app.close();
});

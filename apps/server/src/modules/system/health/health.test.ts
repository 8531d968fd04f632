import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { buildTestApp, type TestApp } from '@test/app';
import { checkReadiness } from './readiness';

const TOKEN = 'metrics-token-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ metricsToken: TOKEN });
});
afterAll(() => t.close());

describe('GET /healthz', () => {
  it('answers ok without signing in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /readyz', () => {
  it('answers 200 when the database answers and DATA_DIR has room (no broker or Redis here)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ status: string; checks: Record<string, unknown> }>();
    expect(body).toEqual({
      status: 'ok',
      checks: {
        database: { status: 'ok', ms: expect.any(Number) as number },
        disk: { status: 'ok', ms: expect.any(Number) as number },
      },
    });
  });

  it('answers 503 naming the failed check, without its error', async () => {
    const app = await buildApp({
      config: t.config,
      db: t.db,
      jwtSecret: t.jwtSecret,
      logger: false,
      readinessChecks: {
        database: () => Promise.reject(new Error('password authentication failed for "nf"')),
      },
    });
    try {
      await app.ready();
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'fail',
        checks: {
          database: { status: 'fail', ms: expect.any(Number) as number },
          disk: { status: 'ok', ms: expect.any(Number) as number },
        },
      });
      expect(response.body).not.toContain('password');
    } finally {
      await app.close();
    }
  });

  it('fails a check that does not answer in time instead of hanging', async () => {
    const report = await checkReadiness(
      { database: () => Promise.resolve(), redis: () => new Promise(() => undefined) },
      () => undefined,
      50,
    );
    expect(report.status).toBe('fail');
    expect(report.checks.database?.status).toBe('ok');
    expect(report.checks.redis?.status).toBe('fail');
  });
});

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const app = await buildApp({
      config: { ...t.config, metricsToken: undefined },
      db: t.db,
      jwtSecret: t.jwtSecret,
      logger: false,
    });
    try {
      await app.ready();
      const response = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('refuses a missing or wrong token', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, errors: [{ code: expect.any(String) }] });
  });

  it('serves the metrics, with request durations by route pattern', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/api/vpn/profiles/1/some-secret-token' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    for (const name of [
      'netfleet_jobs',
      'netfleet_job_queue_depth',
      'netfleet_http_request_duration_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(text).toContain('netfleet_jobs{state="queued"} 0');
    expect(text).toMatch(
      /^netfleet_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="2xx"\} [1-9]/m,
    );
    expect(text).toContain('route="/api/vpn/profiles/:id/:token"');
    expect(text).not.toContain('some-secret-token');
    // Without a broker this instance has no gateway; only PostgreSQL (DATABASE_URL) has a pool.
    expect(text).not.toContain('netfleet_devices_connected');
    if (process.env.DATABASE_URL) expect(text).toContain('netfleet_db_pool');
    else expect(text).not.toContain('netfleet_db_pool');
  });
});

describe('request ids', () => {
  it('keeps a well-formed X-Request-Id and answers with it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-4f2a.9_c-1' },
    });
    expect(response.headers['x-request-id']).toBe('lb-4f2a.9_c-1');
  });

  it('generates one when none or a malformed one is given, also on errors', async () => {
    const ids = new Set<string>();
    for (const header of [undefined, 'x'.repeat(65), 'a b', 'a\u00e9']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: header === undefined ? {} : { 'x-request-id': header },
      });
      expect(response.statusCode).toBe(401);
      const id = String(response.headers['x-request-id']);
      expect(id).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
      expect(id).not.toBe(header);
      ids.add(id);
    }
    expect(ids.size).toBe(4);
  });
});

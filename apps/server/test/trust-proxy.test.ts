import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import type { TrustProxy } from '@/config';
import { sessions } from '@/db/schema';
import { buildTestApp, type TestApp } from './app';
import { createUser } from './factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ trustProxy: ['127.0.0.1'] });
});
afterAll(() => t.close());

/** request.ip as an app with this TRUST_PROXY sees it (inject's peer is 127.0.0.1). */
const ipSeen = async (trustProxy: TrustProxy, forwardedFor: string) => {
  const app = await buildApp({
    config: { ...t.config, trustProxy },
    db: t.db,
    jwtSecret: 'x'.repeat(32),
    logger: false,
  });
  app.get('/api/test-ip', { config: { permission: 'public' } }, (request) => ({ ip: request.ip }));
  await app.ready();
  try {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test-ip',
      headers: { 'x-forwarded-for': forwardedFor },
    });
    return response.json<{ ip: string }>().ip;
  } finally {
    await app.close();
  }
};

describe('TRUST_PROXY', () => {
  const chain = '198.51.100.9, 203.0.113.7, 10.0.0.2';

  it('ignores X-Forwarded-For by default, so clients cannot pick their address', async () => {
    expect(await ipSeen(false, chain)).toBe('127.0.0.1');
  });

  it('takes the client from X-Forwarded-For past trusted proxies only', async () => {
    expect(await ipSeen(true, chain)).toBe('198.51.100.9');
    expect(await ipSeen(['127.0.0.1'], chain)).toBe('10.0.0.2');
    expect(await ipSeen(['127.0.0.1', '10.0.0.0/8'], chain)).toBe('203.0.113.7');
    expect(await ipSeen(['10.0.0.0/8'], chain)).toBe('127.0.0.1');
  });

  it('counts hops from the nearest peer', async () => {
    expect(await ipSeen(1, chain)).toBe('10.0.0.2');
    expect(await ipSeen(2, chain)).toBe('203.0.113.7');
  });

  it('records the forwarded client address on the session a login starts', async () => {
    const user = await createUser(t.db, 'end_user');
    const response = await t.app.inject({
      method: 'POST',
      url: '/account/login',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': '203.0.113.50' },
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(200);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session?.ip).toBe('203.0.113.50');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app';
import { createUser } from './factories';
import { loginAs, type TestSession } from './session';

let t: TestApp;
let session: TestSession;
beforeAll(async () => {
  t = await buildTestApp();
  session = await loginAs(t.app, await createUser(t.db, 'end_user'));
});
afterAll(() => t.close());

const post = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/storage',
    headers,
    payload: { key: `k${Math.random().toString(36).slice(2)}`, value: 'v' },
  });

describe('XSRF protection of cookie sessions', () => {
  it('accepts a mutation with X-Requested-With and the matching X-XSRF-TOKEN', async () => {
    expect((await post(session.headers)).statusCode).toBe(201);
  });

  it('refuses a mutation without the X-XSRF-TOKEN header', async () => {
    const response = await post({ cookie: session.cookie, 'x-requested-with': 'XMLHttpRequest' });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('XSRF_TOKEN_MISMATCH');
  });

  it('refuses a mutation whose X-XSRF-TOKEN does not match the cookie', async () => {
    const response = await post({ ...session.headers, 'x-xsrf-token': 'forged' });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('XSRF_TOKEN_MISMATCH');
  });

  it('refuses a mutation without the XSRF cookie even if a header is sent', async () => {
    const response = await post({
      cookie: `nf_access=${session.access}`,
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': session.xsrf,
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a mutation without X-Requested-With', async () => {
    const response = await post({ cookie: session.cookie, 'x-xsrf-token': session.xsrf });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0]).toMatchObject({
      code: 'XSRF_TOKEN_MISMATCH',
      message: 'The X-Requested-With header is required',
    });
  });

  it('does not need the XSRF headers for reads', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/storage',
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401, not 403, when there is no session at all', async () => {
    expect((await post({})).statusCode).toBe(401);
  });
});

import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeRedirect } from './account.routes';
import { actionLogs, sessions } from '@/db/schema';
import { buildTestApp, type TestApp } from '@test/app';
import { createUser } from '@test/factories';
import { createOutbox } from '@test/outbox';
import { cookieOf, loginAs, SPA_HEADERS } from '@test/session';

let t: TestApp;
const outbox = createOutbox();
beforeAll(async () => {
  t = await buildTestApp({}, { mailTransport: outbox.transport });
});
afterAll(() => t.close());

describe('refresh, logout and revoke', () => {
  const refresh = (cookie: string, xsrf: string) =>
    t.app.inject({
      method: 'POST',
      url: '/account/token/refresh',
      headers: { cookie, ...SPA_HEADERS, 'x-xsrf-token': xsrf },
    });

  it('answers 401 without a refresh cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/account/token/refresh',
      headers: SPA_HEADERS,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe('UNAUTHORIZED');
  });

  it('requires the XSRF token on refresh', async () => {
    const session = await loginAs(t.app, await createUser(t.db, 'end_user'));
    const response = await refresh(session.cookie, 'wrong');
    expect(response.statusCode).toBe(403);
  });

  it('logout revokes the session and clears the cookies', async () => {
    const user = await createUser(t.db, 'end_user');
    const session = await loginAs(t.app, user);
    const response = await t.app.inject({
      method: 'POST',
      url: '/account/logout',
      headers: session.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(cookieOf(response, 'nf_access')?.value).toBe('');
    expect(cookieOf(response, 'RMS-XSRF-TOKEN')?.value).toBe('');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: session.cookie },
    });
    expect(me.statusCode).toBe(401);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    const [log] = await t.db.select().from(actionLogs).orderBy(desc(actionLogs.id)).limit(1);
    expect(log).toMatchObject({ action: 'logout', userId: user.id });
  });

  it.each([
    [undefined, '/login'],
    ['http://console.test/management/devices', 'http://console.test/management/devices'],
    ['/management/devices', '/management/devices'],
    ['https://evil.example/phish', '/login'],
    ['//evil.example/phish', '/login'],
    ['javascript:alert(1)', '/login'],
    // Answered rebuilt from what was checked, never echoed.
    ['/.//evil.example/phish', '/evil.example/phish'],
    ['http://console.test\\@evil.example', 'http://console.test/@evil.example'],
  ])('revoke with redirect_uri %s answers location %s', async (redirectUri, location) => {
    const session = await loginAs(t.app, await createUser(t.db, 'end_user'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/account/token/revoke',
      headers: session.headers,
      payload: redirectUri ? { client_id: 'spa', redirect_uri: redirectUri } : {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { location } });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: session.cookie },
    });
    expect(me.statusCode).toBe(401);
  });

  it('revoke works with an empty body and without any session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/account/token/revoke',
      headers: { ...SPA_HEADERS, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.location).toBe('/login');
  });
});

describe('safeRedirect', () => {
  const own = 'http://console.test';
  it.each([
    ['//evil.example', '/login'],
    ['/\\evil.example', '/login'],
    ['\\\\evil.example', '/login'],
    ['/\t/evil.example', '/login'],
    ['https://console.test@evil.example', '/login'],
    ['https://console.test.evil.example/', '/login'],
    ['http://console.test:8443/x', '/login'],
    ['javascript:alert(1)', '/login'],
    ['data:text/html,<script>alert(1)</script>', '/login'],
    ['http://[::1', '/login'],
    ['/.//evil.example', '/evil.example'],
    ['/..//evil.example?a=1', '/evil.example?a=1'],
    ['http://console.test\\@evil.example', 'http://console.test/@evil.example'],
    ['http://user:secret@console.test/x', 'http://console.test/x'],
    ['https://console.test/a b', 'https://console.test/a%20b'],
    ['http:evil.example', 'http://console.test/evil.example'],
    ['management/devices', '/management/devices'],
    ['  /management/devices?tab=1#top', '/management/devices?tab=1#top'],
  ])('%j → %s', (input, expected) => {
    expect(safeRedirect(input, own)).toBe(expected);
  });
});

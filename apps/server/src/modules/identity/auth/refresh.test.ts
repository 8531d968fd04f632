import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '@/db/schema';
import { buildTestApp, type TestApp } from '@test/app';
import { createUser } from '@test/factories';
import { loginAs, sessionFrom, SPA_HEADERS, type TestSession } from '@test/session';
import { REFRESH_REUSE_GRACE_MS } from './session.service';

let t: TestApp;
/** The app's clock runs this far ahead of the real one. */
let offsetMs = 0;
beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(Date.now() + offsetMs) });
});
afterEach(() => {
  offsetMs = 0;
});
afterAll(() => t.close());

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;
const cookieOf = (response: Response, name: string) =>
  (response.cookies as { name: string; value: string }[]).find((c) => c.name === name);

const refresh = (session: TestSession) =>
  t.app.inject({
    method: 'POST',
    url: '/account/token/refresh',
    headers: { cookie: session.cookie, ...SPA_HEADERS, 'x-xsrf-token': session.xsrf },
  });
const me = (session: TestSession) =>
  t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: session.cookie } });

describe('POST /account/token/refresh', () => {
  it('rotates the refresh token and issues a new access token', async () => {
    const first = await loginAs(t.app, await createUser(t.db, 'end_user'));
    const rotated = await refresh(first);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().data.exp).toBeGreaterThan(Date.now() / 1000);
    const second = sessionFrom(rotated, first);
    expect(second.refresh).not.toBe(first.refresh);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('answers a token used moments ago (another tab) with an access token only, session intact', async () => {
    expect(REFRESH_REUSE_GRACE_MS).toBe(10_000);
    const first = await loginAs(t.app, await createUser(t.db, 'end_user'));
    const second = sessionFrom(await refresh(first), first);

    offsetMs = REFRESH_REUSE_GRACE_MS - 1000;
    const late = await refresh(first);
    expect(late.statusCode).toBe(200);
    expect(late.json().data.exp).toBeGreaterThan(Date.now() / 1000);
    // The jar already holds the successor: no refresh cookie, and nothing cleared.
    expect(cookieOf(late, 'nf_refresh')).toBeUndefined();
    const lateAccess = cookieOf(late, 'nf_access')?.value;
    expect(lateAccess).toBeTruthy();
    expect((await me(sessionFrom(late, second))).statusCode).toBe(200);

    // The successor still rotates normally.
    const third = await refresh(second);
    expect(third.statusCode).toBe(200);
    expect(cookieOf(third, 'nf_refresh')?.value).toBeTruthy();
  });

  it('lets two tabs refresh with the same token at the same time', async () => {
    const first = await loginAs(t.app, await createUser(t.db, 'end_user'));
    const answers = await Promise.all([refresh(first), refresh(first)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    // Exactly one of them rotated the token.
    expect(answers.filter((answer) => cookieOf(answer, 'nf_refresh')).length).toBe(1);
    for (const answer of answers)
      expect((await me(sessionFrom(answer, first))).statusCode).toBe(200);
  });

  it('treats a token used 10 s or more ago as reuse: 401, and the whole session ends', async () => {
    const user = await createUser(t.db, 'end_user');
    const first = await loginAs(t.app, user);
    const second = sessionFrom(await refresh(first), first);

    offsetMs = REFRESH_REUSE_GRACE_MS;
    const replay = await refresh(first);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errors[0]).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Refresh token reuse detected; the session was ended',
    });
    expect(cookieOf(replay, 'nf_refresh')?.value).toBe('');

    expect((await refresh(second)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.revokedAt).toBeInstanceOf(Date);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/app';
import { createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

let t: TestApp;
let alice: TestSession;
let bob: TestSession;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await loginAs(t.app, await createUser(t.db, 'end_user'));
  bob = await loginAs(t.app, await createUser(t.db, 'read_only'));
});
afterAll(() => t.close());

const list = (session: TestSession, query = '?limit=100') =>
  t.app.inject({ method: 'GET', url: `/api/storage${query}`, headers: { cookie: session.cookie } });

describe('/api/storage', () => {
  it('creates, lists, updates and deletes records', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/storage',
      headers: alice.headers,
      payload: { key: 'wideNav', value: 'true' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ success: true, data: { key: 'wideNav', value: 'true' } });

    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/storage',
      headers: alice.headers,
      payload: { key: 'wideNav', value: 'false' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors[0]).toMatchObject({ code: 'CONFLICT', source: 'key' });

    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/storage/wideNav',
      headers: alice.headers,
      payload: { value: 'false' },
    });
    expect(updated.json().data).toEqual({ key: 'wideNav', value: 'false' });

    expect((await list(alice)).json()).toEqual({
      success: true,
      data: [{ key: 'wideNav', value: 'false' }],
      meta: { total: 1 },
    });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/storage/wideNav',
      headers: alice.headers,
    });
    expect(removed.json()).toEqual({ success: true });
    expect((await list(alice)).json().meta.total).toBe(0);
  });

  it('answers 404 for updating or deleting a missing key', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/storage/missing',
      headers: alice.headers,
      payload: { value: 'x' },
    });
    expect(put.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/storage/missing',
      headers: alice.headers,
    });
    expect(del.statusCode).toBe(404);
  });

  it('pages with limit and offset, ordered by key', async () => {
    for (const key of ['c', 'a', 'b']) {
      await t.app.inject({
        method: 'POST',
        url: '/api/storage',
        headers: alice.headers,
        payload: { key: `page-${key}`, value: key },
      });
    }
    const page = await list(alice, '?limit=2&offset=1');
    expect(page.json().data.map((r: { key: string }) => r.key)).toEqual(['page-b', 'page-c']);
    expect(page.json().meta.total).toBe(3);
  });

  it("keeps users apart: one never sees or changes the other's keys", async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/storage',
      headers: alice.headers,
      payload: { key: 'secret', value: 'alice' },
    });
    expect((await list(bob)).json().data).toEqual([]);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/storage/secret',
      headers: bob.headers,
      payload: { value: 'bob' },
    });
    expect(put.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/storage/secret',
      headers: bob.headers,
    });
    expect(del.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/storage',
      headers: bob.headers,
      payload: { key: 'secret', value: 'bob' },
    });
    expect(own.statusCode).toBe(201);
    const aliceKeys = (await list(alice)).json().data as { key: string; value: string }[];
    expect(aliceKeys.find((r) => r.key === 'secret')?.value).toBe('alice');
  });

  it('validates keys and values', async () => {
    const badKey = await t.app.inject({
      method: 'POST',
      url: '/api/storage',
      headers: alice.headers,
      payload: { key: 'a b', value: 'x' },
    });
    expect(badKey.statusCode).toBe(422);
    expect(badKey.json().errors[0].source).toBe('key');
    const noValue = await t.app.inject({
      method: 'POST',
      url: '/api/storage',
      headers: alice.headers,
      payload: { key: 'ok' },
    });
    expect(noValue.statusCode).toBe(422);
    expect(noValue.json().errors[0].source).toBe('value');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/storage' })).statusCode).toBe(401);
  });
});

import type { Notice } from '@netfleet/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { globalNotices } from '@/db/schema';
import type { RealtimePublisher } from '@/plugins/realtime-publisher';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createUser } from '@test/factories';
import { buildModuleApp } from '@test/module-app';
import { loginAs, type TestSession } from '@test/session';
import { createNoticesRepository } from './notices.repository';
import { noticesRoutes } from './notices.routes';
import { createNoticesService } from './notices.service';

let t: TestApp;
let app: FastifyInstance;
let admin: TestSession;
let user: TestSession;
let guest: TestSession;
let clock = new Date('2026-02-01T09:00:00Z');
const tick = () => {
  clock = new Date(clock.getTime() + 60_000);
  return clock;
};
const announced: string[] = [];
const publisher: Pick<RealtimePublisher, 'toAll'> = {
  toAll: (event, ..._payload) => {
    announced.push(event);
  },
};

beforeAll(async () => {
  t = await buildTestApp();
  const noticesService = createNoticesService({
    noticesRepository: createNoticesRepository(t.db),
    publisher,
    now: tick,
  });
  app = await buildModuleApp(t, async (instance) => {
    await instance.register(noticesRoutes, { noticesService });
  });
  admin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  user = await loginAs(t.app, await createUser(t.db, 'end_user'));
  guest = await loginAs(t.app, await createUser(t.db, 'read_only'));
});
afterAll(async () => {
  await app.close();
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(globalNotices);
  announced.length = 0;
});

const call = (
  session: TestSession,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

const write = async (body: { type?: string; message: string; enabled: boolean }) => {
  const response = await call(admin, 'POST', '/api/admin/notices', { type: 'info', ...body });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: Notice }>().data;
};

const visible = async (session: TestSession = user) => {
  const response = await call(session, 'GET', '/api/notices');
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Notice[] }>().data;
};

describe('global notices', () => {
  it('stores the message sanitised and announces every change', async () => {
    const notice = await write({
      type: 'warning',
      message: '<b>Maintenance</b> <script>alert(1)</script><a href="javascript:x()">x</a>',
      enabled: true,
    });
    expect(notice).toMatchObject({
      type: 'warning',
      message: '<b>Maintenance</b> &lt;script&gt;alert(1)&lt;/script&gt;<a>x</a>',
    });
    expect(notice.enabled_at).toBe(clock.toISOString());
    expect(announced).toEqual(['NoticesChanged']);

    const updated = await call(admin, 'PUT', `/api/admin/notices/${notice.id}`, {
      type: 'critical',
      message: '<img src=x onerror=alert(1)>Now',
      enabled: true,
    });
    expect(updated.json().data).toMatchObject({
      type: 'critical',
      message: 'Now',
      // Still enabled: the edit keeps its enabled time.
      enabled_at: notice.enabled_at,
    });
    expect((await call(admin, 'DELETE', `/api/admin/notices/${notice.id}`)).json()).toEqual({
      success: true,
    });
    expect(announced).toEqual(['NoticesChanged', 'NoticesChanged', 'NoticesChanged']);
  });

  it('GET /api/notices lists only enabled notices, newest enabled first', async () => {
    const first = await write({ message: 'first', enabled: true });
    const draft = await write({ message: 'draft', enabled: false });
    const second = await write({ message: 'second', enabled: true });
    expect(draft.enabled_at).toBeNull();
    expect((await visible()).map((n) => n.id)).toEqual([second.id, first.id]);

    // Enabling the draft later puts it on top; disabling hides a notice again.
    await call(admin, 'PUT', `/api/admin/notices/${draft.id}`, {
      type: 'info',
      message: 'draft',
      enabled: true,
    });
    await call(admin, 'PUT', `/api/admin/notices/${first.id}`, {
      type: 'info',
      message: 'first',
      enabled: false,
    });
    expect((await visible()).map((n) => n.message)).toEqual(['draft', 'second']);

    const all = await call(admin, 'GET', '/api/admin/notices');
    expect(all.json().meta.total).toBe(3);
    expect(all.json<{ data: Notice[] }>().data.map((n) => n.message)).toEqual([
      'second',
      'draft',
      'first',
    ]);
  });

  it('refuses a message that is empty once sanitised, unknown types and unknown ids', async () => {
    const empty = await call(admin, 'POST', '/api/admin/notices', {
      type: 'info',
      message: '   ',
      enabled: true,
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0].source).toBe('message');
    const nothingLeft = await call(admin, 'POST', '/api/admin/notices', {
      type: 'info',
      message: '<!-- only a comment -->',
      enabled: true,
    });
    expect(nothingLeft.statusCode).toBe(422);
    expect(nothingLeft.json().errors[0]).toMatchObject({ source: 'message' });
    const badType = await call(admin, 'POST', '/api/admin/notices', {
      type: 'party',
      message: 'x',
      enabled: true,
    });
    expect(badType.statusCode).toBe(422);
    expect(
      (
        await call(admin, 'PUT', '/api/admin/notices/999999', {
          type: 'info',
          message: 'x',
          enabled: true,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(admin, 'DELETE', '/api/admin/notices/999999')).statusCode).toBe(404);
  });

  it('admin routes need admin_view_notice; reading needs only a session', async () => {
    const notice = await write({ message: 'hello', enabled: true });
    announced.length = 0;
    for (const session of [guest, user]) {
      const attempts = await Promise.all([
        call(session, 'GET', '/api/admin/notices'),
        call(session, 'POST', '/api/admin/notices', { type: 'info', message: 'x', enabled: true }),
        call(session, 'PUT', `/api/admin/notices/${notice.id}`, {
          type: 'info',
          message: 'x',
          enabled: true,
        }),
        call(session, 'DELETE', `/api/admin/notices/${notice.id}`),
      ]);
      expect(attempts.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    }
    expect(announced).toEqual([]);
    expect((await visible(guest)).map((n) => n.message)).toEqual(['hello']);
    expect((await app.inject({ method: 'GET', url: '/api/notices' })).statusCode).toBe(401);
  });
});

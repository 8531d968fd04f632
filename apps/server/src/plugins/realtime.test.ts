import { userChannel } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatusRepository } from '@/modules/system/status/status.repository';
import { createStatusService } from '@/modules/system/status/status.service';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createUser } from '@test/factories';
import { confirmPassword, loginAs, type TestSession } from '@test/session';
import {
  type ClientSocket,
  collect,
  connectSocket,
  listen,
  recordingWebhooks,
  subscribe,
} from '@test/sockets';

let t: TestApp;
let url: string;
const users: Record<'alice' | 'bob', { id: number; session: TestSession }> = {} as never;
const sockets: ClientSocket[] = [];
const connect = async (credentials: { cookie?: string; token?: string; origin?: string }) => {
  const socket = await connectSocket(url, credentials);
  sockets.push(socket);
  return socket;
};

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  for (const name of ['alice', 'bob'] as const) {
    const user = await createUser(t.db, 'end_user');
    users[name] = { id: user.id, session: await loginAs(t.app, user) };
  }
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const notification = (summary: string) => ({
  id: 1,
  created_at: new Date().toISOString(),
  seen_at: null,
  summary,
  type: 'deviceAlert' as const,
});

describe('socket handshake', () => {
  it('refuses a socket without credentials', async () => {
    await expect(connectSocket(url)).rejects.toThrow('UNAUTHORIZED');
  });

  it('refuses a wrong session cookie or token', async () => {
    await expect(connectSocket(url, { cookie: 'nf_access=forged' })).rejects.toThrow(
      'UNAUTHORIZED',
    );
    await expect(connectSocket(url, { token: 'nf_pat_forged' })).rejects.toThrow('UNAUTHORIZED');
  });

  it("refuses a cookie handshake from another site's page, not one from the console", async () => {
    const { cookie } = users.alice.session;
    await expect(connect({ cookie, origin: 'https://evil.example' })).rejects.toThrow('FORBIDDEN');
    const own = await connect({ cookie, origin: url });
    expect(own.connected).toBe(true);
  });

  it('refuses a user whose e-mail address is not verified', async () => {
    const user = await createUser(t.db, 'end_user', { verified: false });
    const session = await loginAs(t.app, user);
    await expect(connectSocket(url, { cookie: session.cookie })).rejects.toThrow(
      'EMAIL_NOT_VERIFIED',
    );
  });

  it('accepts the session cookie', async () => {
    const socket = await connect({ cookie: users.alice.session.cookie });
    expect(await subscribe(socket, userChannel(users.alice.id))).toEqual({ success: true });
  });

  it('accepts a personal access token, from any origin (browsers never send it on their own)', async () => {
    const admin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await confirmPassword(t.app, admin, ADMIN_PASSWORD);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user/tokens',
      headers: admin.headers,
      payload: { name: 'socket', scopes: ['users:read'] },
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: admin.headers });
    const socket = await connect({
      token: created.json().data.token,
      origin: 'https://integration.example',
    });
    expect(await subscribe(socket, userChannel(me.json().id))).toEqual({ success: true });
  });
});

describe('subscriptions', () => {
  it("refuses someone else's user channel with 403 and delivers nothing of it", async () => {
    const bob = await connect({ cookie: users.bob.session.cookie });
    expect(await subscribe(bob, userChannel(users.alice.id))).toMatchObject({
      success: false,
      status: 403,
    });
    expect(await subscribe(bob, userChannel(users.bob.id))).toEqual({ success: true });
    const events = collect(bob, 'WebNotificationCreated');
    // Sent in this order, so Alice's would arrive first if Bob could receive it.
    t.app.publisher.toUser(users.alice.id, 'WebNotificationCreated', {
      channel: userChannel(users.alice.id),
      notification: notification('for alice'),
    });
    t.app.publisher.toUser(users.bob.id, 'WebNotificationCreated', {
      channel: userChannel(users.bob.id),
      notification: notification('for bob'),
    });
    const [first] = await events.until(1);
    expect(first?.notification.summary).toBe('for bob');
  });

  it("refuses status channels that are someone else's, unknown or forged", async () => {
    const status = createStatusService({
      statusRepository: createStatusRepository(t.db),
      publisher: t.app.publisher,
      webhooks: recordingWebhooks().webhooks,
      now: () => new Date(),
    });
    const alices = await status.open(users.alice.id);
    const bob = await connect({ cookie: users.bob.session.cookie });
    const forbidden = { success: false, status: 403 };
    expect(await subscribe(bob, alices)).toMatchObject(forbidden);
    // Bob's own id in the name proves nothing: the channel must exist and be his.
    const forged = alices.replace(`.${users.alice.id}.`, `.${users.bob.id}.`);
    expect(await subscribe(bob, forged)).toMatchObject(forbidden);
    expect(await subscribe(bob, 'some-room')).toMatchObject(forbidden);
    expect(await subscribe(bob, bob.id ?? '')).toMatchObject(forbidden);
    expect(await subscribe(bob, await status.open(users.bob.id))).toEqual({ success: true });
  });

  it('answers a malformed subscription with 400', async () => {
    const socket = await connect({ cookie: users.alice.session.cookie });
    const ack = await socket.timeout(5000).emitWithAck('subscribe', { channel: 42 } as never);
    expect(ack).toMatchObject({ success: false, status: 400 });
  });

  it('stops delivering after unsubscribe', async () => {
    const socket = await connect({ cookie: users.alice.session.cookie });
    const channel = userChannel(users.alice.id);
    await subscribe(socket, channel);
    expect(await socket.timeout(5000).emitWithAck('unsubscribe', { channel })).toEqual({
      success: true,
    });
    const events = collect(socket, 'NoticesChanged');
    t.app.publisher.toUser(users.alice.id, 'WebNotificationCreated', {
      channel,
      notification: notification('unsubscribed'),
    });
    const notifications = collect(socket, 'WebNotificationCreated');
    t.app.publisher.toAll('NoticesChanged');
    await events.until(1);
    expect(notifications.received).toEqual([]);
  });
});

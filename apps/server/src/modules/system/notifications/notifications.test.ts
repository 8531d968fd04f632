import { type RoleName, userChannel } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/app';
import { createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { collect, connectSocket, listen, recordingWebhooks, subscribe } from '@test/sockets';
import { createNotificationsRepository } from './notifications.repository';
import { createNotificationsService, type NotificationsService } from './notifications.service';

let t: TestApp;
let url: string;
let alice: { id: number; session: TestSession };
let bob: { id: number; session: TestSession };
let notifications: NotificationsService;
const recorded = recordingWebhooks();

const signIn = async (role: RoleName) => {
  const user = await createUser(t.db, role);
  return { id: user.id, session: await loginAs(t.app, user) };
};

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  alice = await signIn('end_user');
  bob = await signIn('end_user');
  // As other modules get it; the app's own instance differs only in its webhooks.
  notifications = createNotificationsService({
    notificationsRepository: createNotificationsRepository(t.db),
    publisher: t.app.publisher,
    webhooks: recorded.webhooks,
    now: () => new Date(),
  });
});
afterAll(() => t.close());

const list = (session: TestSession, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/notifications${query}`,
    headers: { cookie: session.cookie },
  });
const markSeen = (session: TestSession, id: number[]) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/notifications',
    headers: session.headers,
    payload: { id },
  });

describe('notifications', () => {
  it('are delivered live to their owner only, and to the webhooks', async () => {
    const sockets = await Promise.all(
      [alice, bob].map(async (user) => {
        const socket = await connectSocket(url, { cookie: user.session.cookie });
        expect(await subscribe(socket, userChannel(user.id))).toEqual({ success: true });
        return socket;
      }),
    );
    try {
      const [aliceEvents, bobEvents] = sockets.map((s) => collect(s, 'WebNotificationCreated'));
      const forAlice = await notifications.notify(
        alice.id,
        'invitedUserRegistration',
        'Eve joined',
      );
      // Bob's comes second: were Alice's delivered to him, it would be the first he sees.
      const forBob = await notifications.notify(bob.id, 'creditAmountTooLow', 'Credits low');
      expect(await aliceEvents?.until(1)).toEqual([
        { channel: userChannel(alice.id), notification: forAlice },
      ]);
      expect(await bobEvents?.until(1)).toEqual([
        { channel: userChannel(bob.id), notification: forBob },
      ]);
      expect(forAlice).toMatchObject({
        type: 'invitedUserRegistration',
        summary: 'Eve joined',
        seen_at: null,
      });
      expect(recorded.calls).toContainEqual({
        owner: alice.id,
        event: 'notification.created',
        payload: forAlice,
      });
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('notifies many users at once, each live and to their webhooks', async () => {
    const socket = await connectSocket(url, { cookie: bob.session.cookie });
    try {
      expect(await subscribe(socket, userChannel(bob.id))).toEqual({ success: true });
      const bobEvents = collect(socket, 'WebNotificationCreated');
      const created = await notifications.notifyMany([
        { userId: alice.id, type: 'deviceAlert', summary: 'RUT-1: Weak signal' },
        { userId: bob.id, type: 'deviceAlert', summary: 'RUT-1: Weak signal' },
      ]);
      expect(created.map((n) => n.type)).toEqual(['deviceAlert', 'deviceAlert']);
      expect(await bobEvents.until(1)).toEqual([
        { channel: userChannel(bob.id), notification: created[1] },
      ]);
      expect(recorded.calls).toContainEqual({
        owner: alice.id,
        event: 'notification.created',
        payload: created[0],
      });
      expect(await notifications.notifyMany([])).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('lists your own, newest first, with total and unseen counts', async () => {
    const user = await createUser(t.db, 'end_user');
    const session = await loginAs(t.app, user);
    for (const summary of ['first', 'second', 'third']) {
      await notifications.notify(user.id, 'deviceAlert', summary);
    }
    const all = (await list(session)).json();
    expect(all.success).toBe(true);
    expect(all.data.map((n: { summary: string }) => n.summary)).toEqual([
      'third',
      'second',
      'first',
    ]);
    expect(all.meta).toEqual({ total: 3, unseen: 3 });
    const page = (await list(session, '?limit=1&offset=1')).json();
    expect(page.data.map((n: { summary: string }) => n.summary)).toEqual(['second']);
    expect(page.meta).toEqual({ total: 3, unseen: 3 });
  });

  it('marks only your own as seen', async () => {
    const mine = await notifications.notify(alice.id, 'deviceAlert', 'mine');
    const theirs = await notifications.notify(bob.id, 'deviceAlert', 'theirs');
    const response = await markSeen(alice.session, [mine.id, theirs.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    const aliceList = (await list(alice.session)).json();
    const seen = aliceList.data.find((n: { id: number }) => n.id === mine.id);
    expect(seen.seen_at).toEqual(expect.any(String));
    expect(aliceList.meta.unseen).toBe(
      aliceList.data.filter((n: { seen_at: null }) => !n.seen_at).length,
    );
    const bobList = (await list(bob.session)).json();
    expect(bobList.data.find((n: { id: number }) => n.id === theirs.id).seen_at).toBeNull();
    expect(bobList.data.every((n: { id: number }) => n.id !== mine.id)).toBe(true);
  });

  it('validates the ids and needs a caller', async () => {
    const empty = await markSeen(alice.session, []);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0].source).toBe('id');
    // Beyond a database integer the query itself failed: a 500 before ids had a bound.
    const huge = await markSeen(alice.session, [4_294_967_296]);
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors[0]).toMatchObject({ code: 'VALIDATION_ERROR', source: 'id.0' });
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});

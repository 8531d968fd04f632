import { userChannel } from '@netfleet/contracts';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '@/app';
import { createNotificationsRepository } from '@/modules/system/notifications/notifications.repository';
import { createNotificationsService } from '@/modules/system/notifications/notifications.service';
import { closeRedis, connectRedis } from '@/redis/client';
import { buildTestApp, type TestApp } from '@test/app';
import { createUser } from '@test/factories';
import { loginAs } from '@test/session';
import {
  type ClientSocket,
  collect,
  connectSocket,
  listen,
  recordingWebhooks,
  subscribe,
} from '@test/sockets';

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('two instances sharing Redis', () => {
  let first: TestApp;
  let second: App;
  let clients: Redis[] = [];
  let socket: ClientSocket | undefined;

  beforeAll(async () => {
    clients = [await connectRedis(redisUrl ?? ''), await connectRedis(redisUrl ?? '')];
    first = await buildTestApp({}, { redis: clients[0] });
    // The second instance shares the database and the secret, as a scaled-out deployment does.
    second = await buildApp({
      config: first.config,
      db: first.db,
      jwtSecret: first.jwtSecret,
      logger: false,
      redis: clients[1],
    });
  });
  afterAll(async () => {
    socket?.close();
    await second.close();
    await first.close();
    await Promise.all(clients.map(closeRedis));
  });

  it('delivers a notification created on one instance to a socket on the other', async () => {
    const user = await createUser(first.db, 'end_user');
    const session = await loginAs(first.app, user);
    socket = await connectSocket(await listen(second), { cookie: session.cookie });
    expect(await subscribe(socket, userChannel(user.id))).toEqual({ success: true });
    const events = collect(socket, 'WebNotificationCreated');

    const notifications = createNotificationsService({
      notificationsRepository: createNotificationsRepository(first.db),
      publisher: first.app.publisher,
      webhooks: recordingWebhooks().webhooks,
      now: () => new Date(),
    });
    const created = await notifications.notify(user.id, 'deviceAlert', 'Router 7 went offline');

    const [event] = await events.until(1);
    expect(event).toEqual({ channel: userChannel(user.id), notification: created });
  });
});

import {
  type RoleName,
  STATUS_CHANNEL_PATTERN,
  STATUS_CHANNEL_TTL_SECONDS,
  type StatusUpdate,
} from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusChannels } from '@/db/schema';
import { buildTestApp, type TestApp } from '@test/app';
import { createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { collect, connectSocket, listen, recordingWebhooks, subscribe } from '@test/sockets';
import { createStatusRepository } from './status.repository';
import { createStatusService } from './status.service';

let t: TestApp;
let url: string;
let alice: { id: number; session: TestSession };
let bob: { id: number; session: TestSession };
const recorded = recordingWebhooks();
/** The service as other modules get it, with a clock the test can set. */
const statusAt = (now: () => Date) =>
  createStatusService({
    statusRepository: createStatusRepository(t.db),
    publisher: t.app.publisher,
    webhooks: recorded.webhooks,
    now,
  });

const signIn = async (role: RoleName) => {
  const user = await createUser(t.db, role);
  return { id: user.id, session: await loginAs(t.app, user) };
};

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  alice = await signIn('end_user');
  bob = await signIn('read_only');
});
afterAll(() => t.close());

const read = (channel: string, session: TestSession) =>
  t.app.inject({
    method: 'GET',
    url: `/api/status/channel/${encodeURIComponent(channel)}`,
    headers: { cookie: session.cookie },
  });

const expectNotFound = (response: Awaited<ReturnType<typeof read>>) => {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({
    success: false,
    errors: [{ code: 'CHANNEL_NOT_FOUND', source: null }],
  });
};

describe('status channels', () => {
  it('can be read as soon as they are opened, then returns the updates keyed by item', async () => {
    const status = statusAt(() => new Date());
    const channel = await status.open(alice.id);
    expect(channel).toMatch(STATUS_CHANNEL_PATTERN);
    expect(channel.startsWith(`private-status.${alice.id}.`)).toBe(true);
    expect((await read(channel, alice.session)).json()).toEqual({ success: true, data: {} });

    await status.publish(channel, '7', { status: 'started', value: 'Rebooting' });
    await status.publish(channel, '8', { status: 'error', value: 'Offline', errorcode: 'E7' });
    await status.publish(channel, '7', {
      status: 'progress',
      value: 'Waiting',
      progress: { value: 1, total: 2 },
      link: '/devices/7',
    });

    const response = await read(channel, alice.session);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        '7': [
          { status: 'started', value: 'Rebooting' },
          {
            status: 'progress',
            value: 'Waiting',
            progress: { value: 1, total: 2 },
            link: '/devices/7',
          },
        ],
        '8': [{ status: 'error', value: 'Offline', errorcode: 'E7' }],
      },
    });
    const sent = recorded.calls.filter(
      (call) => (call.payload as { channel: string }).channel === channel,
    );
    expect(sent).toHaveLength(3);
    expect(sent[0]).toEqual({
      owner: alice.id,
      event: 'status.update',
      payload: { channel, item: '7', update: { status: 'started', value: 'Rebooting' } },
    });
  });

  it('delivers updates live to a subscribed socket', async () => {
    const status = statusAt(() => new Date());
    const channel = await status.open(alice.id);
    const socket = await connectSocket(url, { cookie: alice.session.cookie });
    try {
      expect(await subscribe(socket, channel)).toEqual({ success: true });
      const events = collect(socket, 'StatusUpdated');
      await status.publish(channel, '3', { status: 'completed', value: 'Done' });
      expect(await events.until(1)).toEqual([
        { channel, item: '3', update: { status: 'completed', value: 'Done' } },
      ]);
    } finally {
      socket.close();
    }
  });

  it('publishes a batch in order: one read, live emits and every update to webhooks', async () => {
    const status = statusAt(() => new Date());
    const channel = await status.open(alice.id);
    const items: { item: string; update: StatusUpdate }[] = [
      { item: '2', update: { status: 'started', value: 'Queued' } },
      { item: '1', update: { status: 'started', value: 'Queued' } },
      {
        item: '2',
        update: { status: 'progress', value: 'Half', progress: { value: 1, total: 2 } },
      },
      { item: '2', update: { status: 'completed', value: 'Done' } },
      { item: '1', update: { status: 'error', value: 'Offline', errorcode: 'E7' } },
    ];
    const socket = await connectSocket(url, { cookie: alice.session.cookie });
    try {
      expect(await subscribe(socket, channel)).toEqual({ success: true });
      const events = collect(socket, 'StatusUpdated');
      await status.publishMany(channel, items);
      expect(await events.until(items.length)).toEqual(items.map((i) => ({ channel, ...i })));
    } finally {
      socket.close();
    }

    expect((await read(channel, alice.session)).json()).toEqual({
      success: true,
      data: {
        '2': [items[0]?.update, items[2]?.update, items[3]?.update],
        '1': [items[1]?.update, items[4]?.update],
      },
    });
    expect(
      recorded.calls.filter((call) => (call.payload as { channel: string }).channel === channel),
    ).toEqual(
      items.map((i) => ({ owner: alice.id, event: 'status.update', payload: { channel, ...i } })),
    );
  });

  it('publishes nothing of a batch to an expired channel', async () => {
    const past = statusAt(() => new Date(Date.now() - STATUS_CHANNEL_TTL_SECONDS * 1000 - 1000));
    const channel = await past.open(alice.id);
    const before = recorded.calls.length;
    await expect(
      statusAt(() => new Date()).publishMany(channel, [
        { item: '1', update: { status: 'completed', value: 'Late' } },
      ]),
    ).rejects.toThrow(/unknown or expired/);
    expect(recorded.calls.length).toBe(before);
  });

  it("answers CHANNEL_NOT_FOUND for another user's, unknown and malformed channels", async () => {
    const channel = await statusAt(() => new Date()).open(alice.id);
    expectNotFound(await read(channel, bob.session));
    expectNotFound(await read(`private-status.${bob.id}.${'a'.repeat(32)}`, bob.session));
    expectNotFound(await read('not-a-channel', bob.session));
  });

  it('expires a channel TTL after its last update, and prunes it later', async () => {
    const ttlAgo = new Date(Date.now() - STATUS_CHANNEL_TTL_SECONDS * 1000 - 1000);
    const past = statusAt(() => ttlAgo);
    const channel = await past.open(alice.id);
    await past.publish(channel, '1', { status: 'started', value: 'Long ago' });

    expectNotFound(await read(channel, alice.session));
    const socket = await connectSocket(url, { cookie: alice.session.cookie });
    expect(await subscribe(socket, channel)).toMatchObject({ success: false, status: 403 });
    socket.close();
    const status = statusAt(() => new Date());
    await expect(
      status.publish(channel, '1', { status: 'completed', value: 'Late' }),
    ).rejects.toThrow(/unknown or expired/);

    // A fresh instance's first open deletes expired channels (with their updates).
    await status.open(alice.id);
    expect(await t.db.select().from(statusChannels).where(eq(statusChannels.id, channel))).toEqual(
      [],
    );
  });

  it('keeps a channel alive while updates arrive', async () => {
    let clock = Date.now() - STATUS_CHANNEL_TTL_SECONDS * 1000 + 60_000;
    const status = statusAt(() => new Date(clock));
    const channel = await status.open(alice.id);
    clock = Date.now();
    await status.publish(channel, '1', { status: 'progress', value: 'Still going' });
    expect((await read(channel, alice.session)).statusCode).toBe(200);
  });

  it('needs a caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/status/channel/x' });
    expect(response.statusCode).toBe(401);
  });
});

import {
  type StatusUpdate,
  WEBHOOK_SIGNATURE_HEADER,
  type Webhook,
  WEBHOOKS_PER_USER_MAX,
  type WebhookDelivery,
} from '@netfleet/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@test/eventually';
import { buildTestApp, type TestApp } from '@test/app';
import { createUser } from '@test/factories';
import { buildModuleApp } from '@test/module-app';
import { loginAs, type TestSession } from '@test/session';
import { startWebhookReceiver, type WebhookReceiver } from '@test/webhook-receiver';
import { verifyWebhookSignature } from './webhook-signature';
import { createWebhooksRepository } from './webhooks.repository';
import { webhooksRoutes } from './webhooks.routes';
import { createWebhooksService } from './webhooks.service';

let t: TestApp;
let app: FastifyInstance;
let receiver: WebhookReceiver;
let alice: TestSession;
let bob: TestSession;
let guest: TestSession;

/** Records what the test endpoint does with its status channel. */
const published: { channel: string; item: string; update: StatusUpdate }[] = [];
const opened: number[] = [];
const status = {
  async open(ownerUserId: number) {
    opened.push(ownerUserId);
    return `private-status.${ownerUserId}.abcdefghijklmnop${opened.length}`;
  },
  async publish(channel: string, item: string, update: StatusUpdate) {
    published.push({ channel, item, update });
  },
};

beforeAll(async () => {
  t = await buildTestApp();
  receiver = await startWebhookReceiver();
  const webhooksService = createWebhooksService({
    webhooksRepository: createWebhooksRepository(t.db),
    now: () => new Date(),
    allowPrivateNetworks: true,
  });
  app = await buildModuleApp(t, async (instance) => {
    await instance.register(webhooksRoutes, { webhooksService, status });
  });
  alice = await loginAs(t.app, await createUser(t.db, 'end_user'));
  bob = await loginAs(t.app, await createUser(t.db, 'admin'));
  guest = await loginAs(t.app, await createUser(t.db, 'read_only'));
});
afterAll(async () => {
  await app.close();
  await receiver.close();
  await t.close();
});

const call = (
  session: TestSession,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  app.inject({
    method,
    url,
    headers: session.headers,
    ...(payload ? { payload } : {}),
  });

const register = async (session: TestSession, body: object = {}) => {
  const response = await call(session, 'POST', '/api/webhooks', {
    url: receiver.url,
    events: ['status.update'],
    ...body,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: Webhook & { secret: string } }>().data;
};

describe('/api/webhooks', () => {
  it('registers a webhook and shows its secret only in the create answer', async () => {
    const created = await register(alice, { events: ['status.update', 'notification.created'] });
    expect(created).toMatchObject({
      url: receiver.url,
      events: ['status.update', 'notification.created'],
      enabled: true,
    });
    expect(created.secret).toMatch(/^[0-9a-f]{64}$/);

    const list = await call(alice, 'GET', '/api/webhooks');
    expect(list.statusCode).toBe(200);
    const body = list.json<{ data: Webhook[]; meta: { total: number } }>();
    expect(body.meta.total).toBe(1);
    expect(body.data[0]).toEqual({
      id: created.id,
      url: created.url,
      events: created.events,
      enabled: true,
      created_at: created.created_at,
    });
    expect(JSON.stringify(body)).not.toContain(created.secret);
  });

  it(`refuses more than ${WEBHOOKS_PER_USER_MAX} webhooks per user`, async () => {
    const session = await loginAs(t.app, await createUser(t.db, 'end_user'));
    for (let i = 0; i < WEBHOOKS_PER_USER_MAX; i++) await register(session);
    const refused = await call(session, 'POST', '/api/webhooks', {
      url: receiver.url,
      events: ['status.update'],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].message).toBe(
      `At most ${WEBHOOKS_PER_USER_MAX} webhooks per user`,
    );
  });

  it('changes and removes a webhook', async () => {
    const created = await register(alice);
    const updated = await call(alice, 'PUT', `/api/webhooks/${created.id}`, {
      url: `${receiver.url}?v=2`,
      events: ['notification.created'],
      enabled: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      url: `${receiver.url}?v=2`,
      events: ['notification.created'],
      enabled: false,
    });
    expect(JSON.stringify(updated.json())).not.toContain(created.secret);

    expect((await call(alice, 'DELETE', `/api/webhooks/${created.id}`)).json()).toEqual({
      success: true,
    });
    expect((await call(alice, 'DELETE', `/api/webhooks/${created.id}`)).statusCode).toBe(404);
  });

  it('validates the body and the id', async () => {
    const bad = await call(alice, 'POST', '/api/webhooks', { url: 'ftp://x.test', events: [] });
    expect(bad.statusCode).toBe(422);
    const sources = bad.json<{ errors: { source: string }[] }>().errors.map((e) => e.source);
    expect(sources).toEqual(expect.arrayContaining(['url', 'events']));
    const unknownEvent = await call(alice, 'POST', '/api/webhooks', {
      url: receiver.url,
      events: ['device.deleted'],
    });
    expect(unknownEvent.statusCode).toBe(422);
    expect((await call(alice, 'GET', '/api/webhooks/abc/deliveries')).statusCode).toBe(400);
    expect((await call(alice, 'GET', '/api/webhooks/0/deliveries')).statusCode).toBe(400);
  });

  it("keeps owners apart: someone else's webhook is a 404 everywhere", async () => {
    const mine = await register(alice);
    const theirs = await call(bob, 'GET', '/api/webhooks');
    expect(theirs.json<{ data: Webhook[] }>().data.map((w) => w.id)).not.toContain(mine.id);
    const attempts = [
      call(bob, 'PUT', `/api/webhooks/${mine.id}`, {
        url: receiver.url,
        events: ['status.update'],
      }),
      call(bob, 'DELETE', `/api/webhooks/${mine.id}`),
      call(bob, 'GET', `/api/webhooks/${mine.id}/deliveries`),
      call(bob, 'POST', `/api/webhooks/${mine.id}/test`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().errors[0].code).toBe('NOT_FOUND');
    }
    expect((await call(alice, 'GET', `/api/webhooks/${mine.id}/deliveries`)).statusCode).toBe(200);
  });

  it('needs manage_webhooks', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/webhooks' })).statusCode).toBe(401);
    expect((await call(guest, 'GET', '/api/webhooks')).statusCode).toBe(403);
    expect(
      (await call(guest, 'POST', '/api/webhooks', { url: receiver.url, events: ['status.update'] }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses private network targets when they are not allowed', async () => {
    const strict = await buildModuleApp(t, async (instance) => {
      const webhooksService = createWebhooksService({
        webhooksRepository: createWebhooksRepository(t.db),
        now: () => new Date(),
      });
      await instance.register(webhooksRoutes, { webhooksService, status });
    });
    const response = await strict.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: alice.headers,
      payload: { url: 'http://127.0.0.1:9/hook', events: ['status.update'] },
    });
    await strict.close();
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({ code: 'VALIDATION_ERROR', source: 'url' });
  });
});

describe('POST /api/webhooks/:id/test', () => {
  const updatesOn = (channel: string) =>
    published.filter((p) => p.channel === channel).map((p) => p.update);

  it('answers with a channel at once, then reports started and completed with the code', async () => {
    const webhook = await register(alice);
    receiver.received.length = 0;
    const response = await call(alice, 'POST', `/api/webhooks/${webhook.id}/test`);
    expect(response.statusCode).toBe(200);
    const { channel } = response.json<{ meta: { channel: string } }>().meta;
    expect(response.json()).toEqual({ success: true, meta: { channel } });
    expect(channel).toMatch(/^private-status\./);

    await eventually(() => expect(updatesOn(channel)).toHaveLength(2));
    expect(published.filter((p) => p.channel === channel).map((p) => p.item)).toEqual([
      String(webhook.id),
      String(webhook.id),
    ]);
    expect(updatesOn(channel).map((u) => u.status)).toEqual(['started', 'completed']);
    expect(updatesOn(channel)[1]?.value).toContain('200');

    // The ping really went out, signed, as a status.update event.
    const [request] = receiver.received;
    if (!request) throw new Error('no test delivery received');
    const signature = String(request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]);
    expect(verifyWebhookSignature(webhook.secret, signature, request.body)).toBe(true);
    expect(JSON.parse(request.body)).toMatchObject({
      event: 'status.update',
      data: { item: String(webhook.id), test: true },
    });

    const log = await call(alice, 'GET', `/api/webhooks/${webhook.id}/deliveries`);
    expect(log.json<{ data: WebhookDelivery[] }>().data).toEqual([
      expect.objectContaining({
        event: 'status.update',
        status: 'delivered',
        attempts: 1,
        response_code: 200,
        next_attempt_at: null,
      }),
    ]);
  });

  it('reports an error with the response code when the receiver refuses', async () => {
    const webhook = await register(alice);
    receiver.answer(500);
    const response = await call(alice, 'POST', `/api/webhooks/${webhook.id}/test`);
    const { channel } = response.json<{ meta: { channel: string } }>().meta;
    await eventually(() => expect(updatesOn(channel)).toHaveLength(2));
    expect(updatesOn(channel)[1]).toMatchObject({ status: 'error' });
    expect(updatesOn(channel)[1]?.value).toContain('500');
    const log = await call(alice, 'GET', `/api/webhooks/${webhook.id}/deliveries`);
    // A test is one attempt: it is not retried by the worker.
    expect(log.json<{ data: WebhookDelivery[] }>().data[0]).toMatchObject({
      status: 'failed',
      response_code: 500,
      error: 'HTTP 500',
    });
  });
});

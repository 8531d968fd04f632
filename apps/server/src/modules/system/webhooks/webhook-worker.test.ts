import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_SIGNATURE_HEADER,
  webhookRetryDelaySeconds,
} from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '@/db/schema';
import { buildTestApp, type TestApp } from '@test/app';
import { createUser } from '@test/factories';
import { startWebhookReceiver, type WebhookReceiver } from '@test/webhook-receiver';
import type { ResolvedAddress } from '@/lib/ssrf-guard';
import { createWebhookSender } from './webhook-sender';
import { verifyWebhookSignature } from './webhook-signature';
import { createWebhookWorker } from './webhook-worker';
import { createWebhooksRepository, type WebhooksRepository } from './webhooks.repository';
import { createWebhooksService, type WebhooksService } from './webhooks.service';

let t: TestApp;
let receiver: WebhookReceiver;
let repository: WebhooksRepository;
let service: WebhooksService;
let clock: Date;
const now = () => clock;
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
const silentLog = { error: () => undefined };

/** Host names the tests control; anything else resolves to itself (IP literals). */
const dns = new Map<string, ResolvedAddress[]>();
const resolveHost = async (hostname: string) =>
  dns.get(hostname) ?? [{ address: hostname, family: hostname.includes(':') ? 6 : 4 }];

const workerFor = (allowPrivateNetworks = true) =>
  createWebhookWorker({
    webhooksRepository: repository,
    sender: createWebhookSender({ resolveHost, allowPrivateNetworks, now }),
    now,
    log: silentLog,
  });

const owner = async () => {
  const user = await createUser(t.db, 'end_user');
  return { user };
};

const deliveriesOf = (webhookId: number) =>
  t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));

beforeAll(async () => {
  t = await buildTestApp();
  receiver = await startWebhookReceiver();
  repository = createWebhooksRepository(t.db);
  service = createWebhooksService({
    webhooksRepository: repository,
    now,
    allowPrivateNetworks: true,
    resolveHost,
  });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(() => {
  clock = new Date('2026-03-01T12:00:00Z');
  receiver.received.length = 0;
});

describe('enqueue', () => {
  it('creates one delivery per enabled webhook of the owner subscribed to the event', async () => {
    const auth = await owner();
    const other = await owner();
    const both = await service.create(auth, {
      url: receiver.url,
      events: ['status.update', 'notification.created'],
      enabled: true,
    });
    const notificationsOnly = await service.create(auth, {
      url: receiver.url,
      events: ['notification.created'],
      enabled: true,
    });
    const disabled = await service.create(auth, {
      url: receiver.url,
      events: ['status.update'],
      enabled: false,
    });
    const someoneElses = await service.create(other, {
      url: receiver.url,
      events: ['status.update'],
      enabled: true,
    });

    await service.enqueue(auth.user.id, 'status.update', { channel: 'c', item: '1' });

    expect(await deliveriesOf(both.id)).toHaveLength(1);
    expect(await deliveriesOf(notificationsOnly.id)).toHaveLength(0);
    expect(await deliveriesOf(disabled.id)).toHaveLength(0);
    expect(await deliveriesOf(someoneElses.id)).toHaveLength(0);
    const [delivery] = await deliveriesOf(both.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 0, event: 'status.update' });
    // Tidy up for the tests below, which count what the worker sends.
    await workerFor().runOnce();
  });

  it('enqueues a batch in one go: every payload per subscribed webhook, in order', async () => {
    const auth = await owner();
    const first = await service.create(auth, {
      url: receiver.url,
      events: ['status.update'],
      enabled: true,
    });
    const second = await service.create(auth, {
      url: receiver.url,
      events: ['notification.created', 'status.update'],
      enabled: true,
    });
    const notificationsOnly = await service.create(auth, {
      url: receiver.url,
      events: ['notification.created'],
      enabled: true,
    });

    await service.enqueueMany(auth.user.id, 'status.update', [{ n: 1 }, { n: 2 }, { n: 3 }]);

    for (const webhook of [first, second]) {
      const rows = (await deliveriesOf(webhook.id)).sort((a, b) => a.id - b.id);
      expect(rows.map((row) => row.payload)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(rows[0]).toMatchObject({
        status: 'pending',
        attempts: 0,
        event: 'status.update',
        nextAttemptAt: clock,
        createdAt: clock,
      });
    }
    expect(await deliveriesOf(notificationsOnly.id)).toHaveLength(0);
    await workerFor().runOnce();
  });
});

describe('delivery worker', () => {
  it('POSTs JSON signed with the webhook secret over "<t>.<body>"', async () => {
    const auth = await owner();
    const webhook = await service.create(auth, {
      url: receiver.url,
      events: ['notification.created'],
      enabled: true,
    });
    expect(webhook.secret).toMatch(/^[0-9a-f]{64}$/);
    await service.enqueue(auth.user.id, 'notification.created', { id: 7, summary: 'Hi' });

    expect(await workerFor().runOnce()).toBe(1);

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    if (!request) throw new Error('nothing received');
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    const signature = String(request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]);
    expect(signature).toBe(
      `t=${clock.getTime() / 1000},v1=${signature.split('v1=')[1] ?? 'missing'}`,
    );
    expect(verifyWebhookSignature(webhook.secret, signature, request.body)).toBe(true);
    expect(verifyWebhookSignature('0'.repeat(64), signature, request.body)).toBe(false);
    expect(verifyWebhookSignature(webhook.secret, signature, `${request.body} `)).toBe(false);
    expect(JSON.parse(request.body)).toMatchObject({
      event: 'notification.created',
      data: { id: 7, summary: 'Hi' },
    });

    const [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({
      status: 'delivered',
      attempts: 1,
      responseCode: 200,
      error: null,
      nextAttemptAt: null,
    });
  });

  it('retries after a 500 once the backoff has passed, then records the success', async () => {
    const auth = await owner();
    const webhook = await service.create(auth, {
      url: receiver.url,
      events: ['status.update'],
      enabled: true,
    });
    await service.enqueue(auth.user.id, 'status.update', { n: 1 });
    const worker = workerFor();
    receiver.answer(500);

    expect(await worker.runOnce()).toBe(1);
    const [failedOnce] = await deliveriesOf(webhook.id);
    expect(failedOnce).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseCode: 500,
      error: 'HTTP 500',
    });
    const delay = webhookRetryDelaySeconds(1);
    expect(failedOnce?.nextAttemptAt).toEqual(new Date(clock.getTime() + delay * 1000));

    advance(delay - 1);
    expect(await worker.runOnce()).toBe(0);
    advance(1);
    expect(await worker.runOnce()).toBe(1);

    expect(receiver.received).toHaveLength(2);
    const [delivered] = await deliveriesOf(webhook.id);
    expect(delivered).toMatchObject({
      status: 'delivered',
      attempts: 2,
      responseCode: 200,
      error: null,
      deliveredAt: clock,
    });
  });

  it(`gives up after ${WEBHOOK_MAX_ATTEMPTS} attempts and keeps the last error`, async () => {
    const auth = await owner();
    const webhook = await service.create(auth, {
      url: receiver.url,
      events: ['status.update'],
      enabled: true,
    });
    await service.enqueue(auth.user.id, 'status.update', { n: 2 });
    const worker = workerFor();
    receiver.answer(...Array.from({ length: WEBHOOK_MAX_ATTEMPTS - 1 }, () => 503), 404);

    for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
      expect(await worker.runOnce()).toBe(1);
      advance(webhookRetryDelaySeconds(attempt));
    }
    advance(24 * 60 * 60);
    expect(await worker.runOnce()).toBe(0);

    expect(receiver.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    const [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: WEBHOOK_MAX_ATTEMPTS,
      responseCode: 404,
      error: 'HTTP 404',
      nextAttemptAt: null,
    });
  });

  it('records a connection failure as an error without a response code', async () => {
    const auth = await owner();
    const closed = await startWebhookReceiver();
    await closed.close();
    const webhook = await service.create(auth, {
      url: closed.url,
      events: ['status.update'],
      enabled: true,
    });
    await service.enqueue(auth.user.id, 'status.update', {});
    await workerFor().runOnce();
    const [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseCode: null });
    expect(delivery?.error).toMatch(/ECONNREFUSED/);
    await service.update(auth, webhook.id, { ...webhook, enabled: false });
    expect((await deliveriesOf(webhook.id))[0]).toMatchObject({
      status: 'failed',
      error: 'Webhook disabled',
    });
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const sender = createWebhookSender({
      resolveHost,
      allowPrivateNetworks: true,
      now,
      timeoutMs: 50,
    });
    const result = await sender.send({
      id: 1,
      event: 'status.update',
      payload: {},
      createdAt: clock,
      url: `http://127.0.0.1:${port}/`,
      secret: 's',
    });
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
    expect(result).toEqual({ ok: false, responseCode: null, error: 'No answer within 0.05 s' });
  });

  it('two workers polling together send a delivery once (SKIP LOCKED claim and lease)', async () => {
    const auth = await owner();
    const webhook = await service.create(auth, {
      url: receiver.url,
      events: ['status.update'],
      enabled: true,
    });
    await service.enqueue(auth.user.id, 'status.update', { once: true });

    const counts = await Promise.all([workerFor().runOnce(), workerFor().runOnce()]);

    expect(counts.sort()).toEqual([0, 1]);
    expect(receiver.received).toHaveLength(1);
    expect((await deliveriesOf(webhook.id))[0]?.status).toBe('delivered');
  });

  // PGlite has one connection, so only PostgreSQL can hold a lock while another worker polls.
  it.runIf(process.env.DATABASE_URL)(
    'skips a delivery another worker holds locked instead of waiting for it',
    async () => {
      const auth = await owner();
      const webhook = await service.create(auth, {
        url: receiver.url,
        events: ['status.update'],
        enabled: true,
      });
      await service.enqueue(auth.user.id, 'status.update', {});
      await t.db.transaction(async (tx) => {
        await tx
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.webhookId, webhook.id))
          .for('update');
        expect(await workerFor().runOnce()).toBe(0);
      });
      expect(await workerFor().runOnce()).toBe(1);
      expect(receiver.received).toHaveLength(1);
    },
  );

  it('start() polls on its own and stop() waits for the poll in flight', async () => {
    const auth = await owner();
    const webhook = await service.create(auth, {
      url: receiver.url,
      events: ['status.update'],
      enabled: true,
    });
    await service.enqueue(auth.user.id, 'status.update', {});
    const worker = createWebhookWorker({
      webhooksRepository: repository,
      sender: createWebhookSender({ resolveHost, allowPrivateNetworks: true, now }),
      now,
      log: silentLog,
      intervalMs: 5,
    });
    worker.start();
    await expect
      .poll(async () => (await deliveriesOf(webhook.id))[0]?.status, { timeout: 5000 })
      .toBe('delivered');
    await worker.stop();
  });
});

describe('SSRF guard', () => {
  const refused = /private or reserved address/;

  it('refuses loopback and private targets at registration unless private networks are allowed', async () => {
    const auth = await owner();
    const strict = createWebhooksService({ webhooksRepository: repository, now, resolveHost });
    dns.set('internal.example', [{ address: '10.1.2.3', family: 4 }]);
    for (const url of [
      receiver.url,
      'http://internal.example/hook',
      'http://[::1]:8080/',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      await expect(
        strict.create(auth, { url, events: ['status.update'], enabled: true }),
        url,
      ).rejects.toMatchObject({ statusCode: 422, source: 'url', message: refused });
    }
    dns.set('public.example', [{ address: '93.184.216.34', family: 4 }]);
    await expect(
      strict.create(auth, {
        url: 'https://public.example/hook',
        events: ['status.update'],
        enabled: true,
      }),
    ).resolves.toMatchObject({ url: 'https://public.example/hook' });
  });

  it('checks again at send time, after DNS resolution, and connects to nothing', async () => {
    const auth = await owner();
    dns.set('rebinding.example', [{ address: '93.184.216.34', family: 4 }]);
    const strict = createWebhooksService({ webhooksRepository: repository, now, resolveHost });
    const webhook = await strict.create(auth, {
      url: `http://rebinding.example:${receiver.port}/hook`,
      events: ['status.update'],
      enabled: true,
    });
    // The name now points inside: the send is refused before any connection is made.
    dns.set('rebinding.example', [{ address: '10.0.0.7', family: 4 }]);
    await service.enqueue(auth.user.id, 'status.update', {});
    await workerFor(false).runOnce();
    const [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseCode: null });
    expect(delivery?.error).toMatch(refused);

    // Straight to a loopback receiver (registered while private networks were allowed).
    const loopback = await service.create(auth, {
      url: receiver.url,
      events: ['notification.created'],
      enabled: true,
    });
    await service.enqueue(auth.user.id, 'notification.created', {});
    await workerFor(false).runOnce();
    expect((await deliveriesOf(loopback.id))[0]?.error).toMatch(refused);
    expect(receiver.received).toHaveLength(0);
  });
});

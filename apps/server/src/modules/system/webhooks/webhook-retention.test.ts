import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhookDeliveries } from '@/db/schema';
import { buildTestApp, type TestApp } from '@test/app';
import { createUser } from '@test/factories';
import { createWebhooksRepository, type WebhooksRepository } from './webhooks.repository';

let t: TestApp;
let repository: WebhooksRepository;

beforeAll(async () => {
  t = await buildTestApp();
  repository = createWebhooksRepository(t.db);
});
afterAll(() => t.close());

it('deletes finished deliveries older than the cut-off and keeps pending ones', async () => {
  const owner = await createUser(t.db, 'end_user');
  const hook = await repository.insert({
    url: 'https://receiver.example/hook',
    events: ['status.update'],
    enabled: true,
    ownerUserId: owner.id,
    companyId: owner.companyId,
    secret: 's'.repeat(64),
  });
  await repository.enqueue(owner.id, 'status.update', { channel: 'c', item: '1' }, new Date());
  await repository.enqueue(owner.id, 'status.update', { channel: 'c', item: '2' }, new Date());
  await repository.enqueue(owner.id, 'status.update', { channel: 'c', item: '3' }, new Date());
  const [delivered, failed] = await t.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, hook.id))
    .orderBy(webhookDeliveries.id);
  await t.db
    .update(webhookDeliveries)
    .set({ status: 'delivered' })
    .where(eq(webhookDeliveries.id, delivered?.id ?? 0));
  await t.db
    .update(webhookDeliveries)
    .set({ status: 'failed' })
    .where(eq(webhookDeliveries.id, failed?.id ?? 0));

  // The worker passes now minus WEBHOOK_DELIVERY_RETENTION_DAYS; rows created just now are older
  // than a cut-off a minute ahead and younger than one a minute back.
  expect(await repository.pruneDeliveries(new Date(Date.now() - 60_000))).toBe(0);
  expect(await repository.pruneDeliveries(new Date(Date.now() + 60_000))).toBe(2);
  const left = await t.db
    .select({ status: webhookDeliveries.status })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, hook.id));
  expect(left).toEqual([{ status: 'pending' }]);
});

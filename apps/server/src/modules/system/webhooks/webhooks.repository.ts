import type { WebhookEvent } from '@netfleet/contracts';
import { and, arrayContains, asc, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { countAll } from '@/db/list';
import { webhookDeliveries, webhooks } from '@/db/schema';

type Page = { limit: number; offset: number };
const own = (ownerUserId: number, id: number) =>
  and(eq(webhooks.id, id), eq(webhooks.ownerUserId, ownerUserId));

export interface WebhookValues {
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
}

export interface DeliveryOutcome {
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  responseCode: number | null;
  error: string | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
}

/** Enabled webhooks that asked for the event. */
const subscribedTo = (event: WebhookEvent) =>
  and(eq(webhooks.enabled, true), arrayContains(webhooks.events, [event]));

/**
 * One pending delivery per payload and subscribed webhook. The webhooks are looked up first, a
 * cheap query: most owners have none, and then the payloads (thousands in a status batch) are
 * never sent to the database. Otherwise one statement inserts them all, ids in payload order so
 * the worker sends them in that order; it filters the webhooks again, so one switched off in
 * between gets nothing.
 */
const insertDeliveries = async (
  tx: Executor,
  ownerUserId: number,
  event: WebhookEvent,
  payloads: readonly unknown[],
  at: Date,
) => {
  if (payloads.length === 0) return;
  const [subscribed] = await tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.ownerUserId, ownerUserId), subscribedTo(event)))
    .limit(1);
  if (!subscribed) return;
  const when = at.toISOString();
  await tx.execute(sql`
    insert into ${webhookDeliveries} (webhook_id, event, payload, status, next_attempt_at, created_at)
    select ${webhooks.id}, ${event}::text, p.payload, 'pending', ${when}::timestamptz, ${when}::timestamptz
    from jsonb_array_elements(${JSON.stringify(payloads)}::jsonb) with ordinality as p(payload, n)
    cross join ${webhooks}
    where ${webhooks.ownerUserId} = ${ownerUserId} and ${subscribedTo(event)}
    order by p.n, ${webhooks.id}`);
};

export const createWebhooksRepository = (db: Database) => ({
  async list(ownerUserId: number, page: Page, tx: Executor = db) {
    const where = eq(webhooks.ownerUserId, ownerUserId);
    const rows = await tx
      .select()
      .from(webhooks)
      .where(where)
      .orderBy(desc(webhooks.createdAt), desc(webhooks.id))
      .limit(page.limit)
      .offset(page.offset);
    const [count] = await tx.select({ total: countAll }).from(webhooks).where(where);
    return { rows, total: count?.total ?? 0 };
  },

  /** Deletes finished deliveries (delivered or failed) created before `before`. */
  async pruneDeliveries(before: Date, tx: Executor = db): Promise<number> {
    const removed = await tx
      .delete(webhookDeliveries)
      .where(
        and(
          inArray(webhookDeliveries.status, ['delivered', 'failed']),
          lt(webhookDeliveries.createdAt, before),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    return removed.length;
  },

  async find(ownerUserId: number, id: number, tx: Executor = db) {
    const [row] = await tx.select().from(webhooks).where(own(ownerUserId, id));
    return row ?? null;
  },

  async insert(
    values: WebhookValues & { ownerUserId: number; companyId: number; secret: string },
    tx: Executor = db,
  ) {
    const [row] = await tx.insert(webhooks).values(values).returning();
    if (!row) throw new Error('webhook insert returned nothing');
    return row;
  },

  async update(ownerUserId: number, id: number, values: WebhookValues, tx: Executor = db) {
    const [row] = await tx.update(webhooks).set(values).where(own(ownerUserId, id)).returning();
    return row ?? null;
  },

  async remove(ownerUserId: number, id: number, tx: Executor = db): Promise<boolean> {
    const rows = await tx
      .delete(webhooks)
      .where(own(ownerUserId, id))
      .returning({ id: webhooks.id });
    return rows.length === 1;
  },

  /** Pending deliveries of a webhook that was switched off are not sent later in a burst. */
  async failPending(webhookId: number, error: string, tx: Executor = db) {
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', error, nextAttemptAt: null })
      .where(
        and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.status, 'pending')),
      );
  },

  /** One pending delivery per enabled webhook of the owner that subscribed to the event. */
  async enqueue(
    ownerUserId: number,
    event: WebhookEvent,
    payload: unknown,
    at: Date,
    tx: Executor = db,
  ) {
    await insertDeliveries(tx, ownerUserId, event, [payload], at);
  },

  /** enqueue for each payload, in one statement however many there are. */
  async enqueueMany(
    ownerUserId: number,
    event: WebhookEvent,
    payloads: readonly unknown[],
    at: Date,
    tx: Executor = db,
  ) {
    await insertDeliveries(tx, ownerUserId, event, payloads, at);
  },

  /**
   * One pending delivery to this webhook, whatever events it subscribed to (an automation's
   * SendWebhook action names it), when it is `ownerUserId`'s and enabled; its id, else null.
   */
  async enqueueTo(
    webhookId: number,
    event: WebhookEvent,
    payload: unknown,
    at: Date,
    ownerUserId: number,
    tx: Executor = db,
  ): Promise<number | null> {
    const when = at.toISOString();
    const result = await tx.execute(sql`
      insert into ${webhookDeliveries} (webhook_id, event, payload, status, next_attempt_at, created_at)
      select ${webhooks.id}, ${event}::text, ${JSON.stringify(payload)}::jsonb, 'pending',
        ${when}::timestamptz, ${when}::timestamptz
      from ${webhooks}
      where ${own(ownerUserId, webhookId)} and ${webhooks.enabled}
      returning id`);
    const [row] = (result as unknown as { rows: { id: number | string }[] }).rows;
    return row ? Number(row.id) : null;
  },

  /** Where a delivery stands (an action that enqueued it follows it); null once pruned. */
  async deliveryOutcome(id: number, tx: Executor = db) {
    const [row] = await tx
      .select({
        status: webhookDeliveries.status,
        attempts: webhookDeliveries.attempts,
        responseCode: webhookDeliveries.responseCode,
        error: webhookDeliveries.error,
        nextAttemptAt: webhookDeliveries.nextAttemptAt,
      })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, id));
    return row ?? null;
  },

  /** A delivery already claimed by its creator (the test send), so no worker picks it up. */
  async insertClaimed(
    webhookId: number,
    event: WebhookEvent,
    payload: unknown,
    at: Date,
    leaseUntil: Date,
    tx: Executor = db,
  ) {
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        webhookId,
        event,
        payload,
        status: 'pending',
        nextAttemptAt: leaseUntil,
        createdAt: at,
      })
      .returning();
    if (!row) throw new Error('delivery insert returned nothing');
    return row;
  },

  async listDeliveries(webhookId: number, page: Page, tx: Executor = db) {
    const where = eq(webhookDeliveries.webhookId, webhookId);
    const rows = await tx
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(page.limit)
      .offset(page.offset);
    const [count] = await tx.select({ total: countAll }).from(webhookDeliveries).where(where);
    return { rows, total: count?.total ?? 0 };
  },

  /**
   * Takes up to `limit` due deliveries for this worker: the rows are locked with SKIP LOCKED (a
   * concurrent worker skips them instead of waiting) and their next_attempt_at is pushed to
   * `leaseUntil` before the lock is released, so no other instance sees them as due while this
   * one sends. A worker that dies mid-send leaves them to be retried when the lease runs out.
   */
  claimDue(at: Date, leaseUntil: Date, limit: number) {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, at)),
        )
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const ids = due.map(({ id }) => id);
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: leaseUntil })
        .where(inArray(webhookDeliveries.id, ids));
      return tx
        .select({
          id: webhookDeliveries.id,
          event: webhookDeliveries.event,
          payload: webhookDeliveries.payload,
          attempts: webhookDeliveries.attempts,
          createdAt: webhookDeliveries.createdAt,
          url: webhooks.url,
          secret: webhooks.secret,
        })
        .from(webhookDeliveries)
        .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
        .where(inArray(webhookDeliveries.id, ids));
    });
  },

  async recordOutcome(id: number, outcome: DeliveryOutcome, tx: Executor = db) {
    await tx.update(webhookDeliveries).set(outcome).where(eq(webhookDeliveries.id, id));
  },
});

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;

import type { WEBHOOK_DELIVERY_STATES, WebhookEvent } from '@netfleet/contracts';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { companies } from './companies';
import { users } from './users';

export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** A user's registered receiver of signed event deliveries. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Kept in clear: every delivery is signed with it (HMAC), so it cannot be a one-way hash. */
    secret: varchar('secret', { length: 128 }).notNull(),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhooks_owner_user_id_idx').on(t.ownerUserId),
    index('webhooks_company_id_idx').on(t.companyId),
  ],
);

/** One event on its way to one webhook, and the delivery log the owner reads. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 64 }).$type<WebhookEvent>().notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    status: varchar('status', { length: 16 }).$type<WebhookDeliveryStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** While pending: when a worker may (re)try it; also the lease of a worker that claimed it. */
    nextAttemptAt: timestamptz('next_attempt_at'),
    responseCode: smallint('response_code'),
    error: text('error'),
    createdAt: createdAt(),
    deliveredAt: timestamptz('delivered_at'),
  },
  (t) => [
    index('webhook_deliveries_status_next_attempt_at_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_webhook_id_created_at_idx').on(t.webhookId, t.createdAt),
  ],
);

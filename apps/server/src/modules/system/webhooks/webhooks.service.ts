import { randomBytes } from 'node:crypto';
import {
  type StatusUpdate,
  type Webhook,
  type WebhookBody,
  type WebhookDelivery,
  type WebhookEvent,
  WEBHOOKS_PER_USER_MAX,
} from '@netfleet/contracts';
import { invalid, notFound } from '@/lib/api-error';
import { isoOrNull } from '@/lib/dates';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import {
  BlockedAddressError,
  type ResolveHost,
  resolvePublicAddresses,
  resolveWithDns,
} from '@/lib/ssrf-guard';
import type { WebhookEvents } from './webhook-events';
import { createWebhookSender } from './webhook-sender';
import { CLAIM_LEASE_MS, outcomeOf } from './webhook-worker';
import type { WebhooksRepository } from './webhooks.repository';

/**
 * The part of the status-channel service a test send needs (the status module's service
 * satisfies it): a channel for the caller, and updates on it.
 */
export interface StatusChannels {
  open(ownerUserId: number): Promise<string>;
  publish(channel: string, item: string, update: StatusUpdate): Promise<void>;
}

type Page = { limit: number; offset: number };
/** Webhooks belong to the acting user; nothing else of the caller matters here. */
type Caller = Pick<AuthContext, 'user'>;
type WebhookRow = NonNullable<Awaited<ReturnType<WebhooksRepository['find']>>>;
type DeliveryRow = Awaited<ReturnType<WebhooksRepository['listDeliveries']>>['rows'][number];

const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events,
  enabled: row.enabled,
  created_at: row.createdAt.toISOString(),
});

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  response_code: row.responseCode,
  error: row.error,
  next_attempt_at: isoOrNull(row.nextAttemptAt),
  created_at: row.createdAt.toISOString(),
});

export interface WebhooksServiceDeps {
  webhooksRepository: WebhooksRepository;
  now: () => Date;
  /** Lets webhooks reach loopback and private networks (tests, trusted on-premise setups). */
  allowPrivateNetworks?: boolean;
  resolveHost?: ResolveHost;
}

/** Webhook registration (per user), the delivery log, and WebhookEvents for other modules. */
export const createWebhooksService = ({
  webhooksRepository,
  now,
  allowPrivateNetworks = false,
  resolveHost = resolveWithDns,
}: WebhooksServiceDeps) => {
  const sender = createWebhookSender({ resolveHost, allowPrivateNetworks, now });

  /** Refuses at registration what the sender would refuse anyway, so the user learns it now. */
  const checkUrl = async (url: string) => {
    try {
      await resolvePublicAddresses(new URL(url), resolveHost, allowPrivateNetworks);
    } catch (error) {
      if (error instanceof BlockedAddressError) {
        throw invalid(`Webhooks cannot be sent to private networks: ${error.message}`, 'url');
      }
      throw invalid(`The host of this URL cannot be resolved`, 'url');
    }
  };

  const requireOwn = async (auth: Caller, id: number) => {
    const row = await webhooksRepository.find(auth.user.id, id);
    if (!row) throw notFound(`Webhook ${id} not found`);
    return row;
  };

  const events: WebhookEvents = {
    enqueue: (ownerUserId: number, event: WebhookEvent, payload: unknown) =>
      webhooksRepository.enqueue(ownerUserId, event, payload, now()),
    enqueueMany: (ownerUserId: number, event: WebhookEvent, payloads: readonly unknown[]) =>
      webhooksRepository.enqueueMany(ownerUserId, event, payloads, now()),
  };

  return {
    ...events,
    sender,

    async list(auth: Caller, page: Page) {
      const { rows, total } = await webhooksRepository.list(auth.user.id, page);
      return { data: rows.map(toWebhook), total };
    },

    /** The secret is in this answer only; afterwards it is never shown again. */
    async create(auth: Caller, body: WebhookBody): Promise<Webhook & { secret: string }> {
      // Each webhook multiplies every event into deliveries: a bound keeps one user's endpoints
      // from flooding the delivery queue.
      const { total } = await webhooksRepository.list(auth.user.id, { limit: 1, offset: 0 });
      if (total >= WEBHOOKS_PER_USER_MAX) {
        throw invalid(`At most ${WEBHOOKS_PER_USER_MAX} webhooks per user`, null);
      }
      await checkUrl(body.url);
      const row = await webhooksRepository.insert({
        ...body,
        ownerUserId: auth.user.id,
        companyId: auth.user.companyId,
        secret: randomBytes(32).toString('hex'),
      });
      return { ...toWebhook(row), secret: row.secret };
    },

    async update(auth: Caller, id: number, body: WebhookBody): Promise<Webhook> {
      const current = await requireOwn(auth, id);
      if (body.url !== current.url) await checkUrl(body.url);
      const row = await webhooksRepository.update(auth.user.id, id, body);
      if (!row) throw notFound(`Webhook ${id} not found`);
      if (current.enabled && !row.enabled) {
        await webhooksRepository.failPending(id, 'Webhook disabled');
      }
      return toWebhook(row);
    },

    async remove(auth: Caller, id: number) {
      if (!(await webhooksRepository.remove(auth.user.id, id))) {
        throw notFound(`Webhook ${id} not found`);
      }
    },

    async deliveries(auth: Caller, id: number, page: Page) {
      await requireOwn(auth, id);
      const { rows, total } = await webhooksRepository.listDeliveries(id, page);
      return { data: rows.map(toDelivery), total };
    },

    /**
     * Opens a status channel and returns it at once; the test delivery (one attempt, no retries,
     * recorded in the delivery log) then reports 'started' and 'completed' or 'error' on it, with
     * the webhook id as the item.
     */
    async startTest(auth: Caller, id: number, status: StatusChannels) {
      const webhook = await requireOwn(auth, id);
      const channel = await status.open(auth.user.id);
      const item = String(webhook.id);
      const attempt = async () => {
        await status.publish(channel, item, {
          status: 'started',
          value: `Sending a test delivery to ${webhook.url}`,
        });
        const at = now();
        // The status.update shape, flagged so receivers can tell a ping from real progress.
        const payload = {
          channel,
          item,
          update: { status: 'completed', value: 'Test delivery (ping) from netfleet' },
          test: true,
        };
        const delivery = await webhooksRepository.insertClaimed(
          webhook.id,
          'status.update',
          payload,
          at,
          new Date(at.getTime() + CLAIM_LEASE_MS),
        );
        const result = await sender.send({ ...delivery, url: webhook.url, secret: webhook.secret });
        await webhooksRepository.recordOutcome(delivery.id, outcomeOf(result, 1, now(), 1));
        await status.publish(
          channel,
          item,
          result.ok
            ? { status: 'completed', value: `Test delivery answered ${result.responseCode}` }
            : { status: 'error', value: `Test delivery failed: ${result.error}` },
        );
      };
      // The channel must not stay at 'started' when something other than the send fails.
      const done = attempt().catch(async (error: unknown) => {
        await status.publish(channel, item, {
          status: 'error',
          value: 'The test delivery could not be sent',
        });
        throw error;
      });
      return { channel, done };
    },
  };
};

export type WebhooksService = ReturnType<typeof createWebhooksService>;

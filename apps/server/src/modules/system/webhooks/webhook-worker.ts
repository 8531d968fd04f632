import {
  WEBHOOK_DELIVERY_RETENTION_DAYS,
  WEBHOOK_MAX_ATTEMPTS,
  webhookRetryDelaySeconds,
} from '@netfleet/contracts';
import type { DeliveryOutcome, WebhooksRepository } from './webhooks.repository';
import { type SendResult, WEBHOOK_TIMEOUT_MS, type WebhookSender } from './webhook-sender';

/** How long a claimed delivery stays invisible to other workers; well above the send timeout. */
export const CLAIM_LEASE_MS = 6 * WEBHOOK_TIMEOUT_MS;
const BATCH_SIZE = 20;
const DAY_MS = 24 * 3600 * 1000;
const PRUNE_INTERVAL_MS = 3600 * 1000;

/**
 * What an attempt leads to: delivered on 2xx; otherwise another try after the contract's backoff,
 * or failed once `attempts` reaches `maxAttempts`.
 */
export const outcomeOf = (
  result: SendResult,
  attempts: number,
  at: Date,
  maxAttempts = WEBHOOK_MAX_ATTEMPTS,
): DeliveryOutcome => {
  const common = { attempts, responseCode: result.responseCode, error: result.error };
  if (result.ok) return { ...common, status: 'delivered', nextAttemptAt: null, deliveredAt: at };
  if (attempts >= maxAttempts) {
    return { ...common, status: 'failed', nextAttemptAt: null, deliveredAt: null };
  }
  const retryAt = new Date(at.getTime() + webhookRetryDelaySeconds(attempts) * 1000);
  return { ...common, status: 'pending', nextAttemptAt: retryAt, deliveredAt: null };
};

export interface WebhookWorkerDeps {
  webhooksRepository: WebhooksRepository;
  sender: WebhookSender;
  now: () => Date;
  log: { error(details: object, message: string): void };
  /** Pause between polls. */
  intervalMs?: number;
}

/**
 * Sends pending deliveries. Every instance runs one; the claim (SKIP LOCKED plus a lease) makes
 * sure each delivery is sent by one of them at a time.
 */
export const createWebhookWorker = ({
  webhooksRepository,
  sender,
  now,
  log,
  intervalMs = 1000,
}: WebhookWorkerDeps) => {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let current: Promise<unknown> = Promise.resolve();

  const deliver = async (delivery: Awaited<ReturnType<WebhooksRepository['claimDue']>>[number]) => {
    const result = await sender.send(delivery);
    await webhooksRepository.recordOutcome(
      delivery.id,
      outcomeOf(result, delivery.attempts + 1, now()),
    );
  };

  let prunedAt = 0;
  /** Finished deliveries are kept for WEBHOOK_DELIVERY_RETENTION_DAYS; checked once an hour. */
  const prune = async (at: Date) => {
    if (at.getTime() - prunedAt < PRUNE_INTERVAL_MS) return;
    prunedAt = at.getTime();
    const cutoff = new Date(at.getTime() - WEBHOOK_DELIVERY_RETENTION_DAYS * DAY_MS);
    await webhooksRepository.pruneDeliveries(cutoff);
  };

  /** One poll: claims what is due and sends it. Resolves with the number of deliveries tried. */
  const runOnce = async (): Promise<number> => {
    const at = now();
    await prune(at);
    const claimed = await webhooksRepository.claimDue(
      at,
      new Date(at.getTime() + CLAIM_LEASE_MS),
      BATCH_SIZE,
    );
    await Promise.all(claimed.map(deliver));
    return claimed.length;
  };

  const loop = () => {
    current = runOnce()
      .catch((error: unknown) => log.error({ err: error }, 'webhook delivery poll failed'))
      .finally(() => {
        if (running) timer = setTimeout(loop, intervalMs);
      });
  };

  return {
    runOnce,
    start() {
      if (running) return;
      running = true;
      loop();
    },
    /** Stops polling and waits for the deliveries in flight (their outcome gets recorded). */
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
    },
  };
};

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;

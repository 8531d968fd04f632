import type { WebhookEvent } from '@netfleet/contracts';

/**
 * How other modules hand events to webhooks: the webhooks module stores one delivery per matching
 * enabled webhook of the owner, and its worker sends, signs and retries them.
 */
export interface WebhookEvents {
  enqueue(ownerUserId: number, event: WebhookEvent, payload: unknown): Promise<void>;
  /** enqueue for each payload, in order, at the cost of one enqueue (bulk status updates). */
  enqueueMany(
    ownerUserId: number,
    event: WebhookEvent,
    payloads: readonly unknown[],
  ): Promise<void>;
}

import type { WebhookEvent } from '@netfleet/contracts';

/**
 * How other modules hand events to webhooks: the webhooks module stores one delivery per matching
 * enabled webhook of the owner, and its worker sends, signs and retries them.
 */
export interface WebhookEvents {
  enqueue(ownerUserId: number, event: WebhookEvent, payload: unknown): Promise<void>;
}

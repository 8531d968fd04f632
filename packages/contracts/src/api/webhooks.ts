import { z } from 'zod';

/** Events a webhook can receive; the payloads are the realtime events of the same name. */
export const WEBHOOK_EVENTS = [
  'status.update',
  'notification.created',
  'data_collect.collected',
  /** An automation's SendWebhook action: sent to the webhook the action names. */
  'automation.alert',
] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** Header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Netfleet-Signature';

export const webhookBodySchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'Enter an http(s) URL' }).max(2000),
  events: z.array(webhookEventSchema).min(1, 'Choose at least one event'),
  enabled: z.boolean().default(true),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  enabled: z.boolean(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** Only the create answer carries the signing secret, once. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event: webhookEventSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  response_code: z.number().int().nullable(),
  error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** How many webhooks one user may register. */
export const WEBHOOKS_PER_USER_MAX = 20;
/** Delivered and failed deliveries are deleted after this many days. */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;

/** Attempts and the wait before each retry (seconds): 30 s doubling, at most 8 attempts. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
export const webhookRetryDelaySeconds = (attempt: number): number =>
  30 * 2 ** Math.max(0, attempt - 1);

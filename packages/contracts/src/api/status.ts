import { z } from 'zod';

/** Per-item status updates of an asynchronous operation (RMS API v3 status channels). */
export const STATUS_UPDATE_STATES = [
  'started',
  'progress',
  'warning',
  'error',
  'completed',
] as const;
export const statusUpdateStateSchema = z.enum(STATUS_UPDATE_STATES);

export const statusUpdateSchema = z.object({
  status: statusUpdateStateSchema,
  value: z.string(),
  errorcode: z.string().optional(),
  progress: z.object({ value: z.number().int(), total: z.number().int() }).optional(),
  link: z.string().optional(),
});
export type StatusUpdate = z.infer<typeof statusUpdateSchema>;

/** `private-status.<n>.<random>`: n is the owner's user id, so authorisation needs no lookup. */
export const STATUS_CHANNEL_PATTERN = /^private-status\.(\d{1,15})\.([A-Za-z0-9]{16,64})$/;
export const statusChannelIdSchema = z
  .string()
  .regex(STATUS_CHANNEL_PATTERN, 'Not a status channel id');

/** GET /status/channel/{id}: updates keyed by item id (device id, or company id for device add). */
export const statusChannelSchema = z.record(z.string(), z.array(statusUpdateSchema));
export type StatusChannelData = z.infer<typeof statusChannelSchema>;

/** How long a channel can be read back after its last update. */
export const STATUS_CHANNEL_TTL_SECONDS = 24 * 60 * 60;

import { z } from 'zod';
import {
  hotspotIndexSchema,
  hotspotPasswordSchema,
  hotspotUsernameSchema,
} from '../device-hotspot.ts';
import { idSchema } from '../list.ts';

// RMS API v3 hotspot users: GET/POST/DELETE /devices/{id}/hotspots/{index}/users and
// GET .../users/active. The users live on the device; reads ask it and wait for the answer,
// changes are device jobs answered with a status channel.

/** `/devices/:id/hotspots/:index`: the device and the hotspot's own index on it. */
export const hotspotPathSchema = z.object({
  id: idSchema,
  index: z.coerce.number<string>().pipe(hotspotIndexSchema),
});
export type HotspotPath = z.infer<typeof hotspotPathSchema>;

/** POST body: a new user of the hotspot. */
export const hotspotUserBodySchema = z.object({
  username: hotspotUsernameSchema,
  password: hotspotPasswordSchema,
});
export type HotspotUserBody = z.infer<typeof hotspotUserBodySchema>;

/** DELETE query: the user to remove (RMS sends it as `?username=`). */
export const hotspotUserDeleteQuerySchema = z.object({ username: hotspotUsernameSchema });
export type HotspotUserDeleteQuery = z.infer<typeof hotspotUserDeleteQuerySchema>;

/** One user of a hotspot. The password stays on the device. */
export const hotspotUserSchema = z.object({ username: z.string() });
export type HotspotUser = z.infer<typeof hotspotUserSchema>;

/** One login to the hotspot that is active now. */
export const hotspotSessionSchema = z.object({
  username: z.string(),
  ip: z.string().nullable(),
  mac: z.string().nullable(),
  /** ISO 8601. */
  started_at: z.string(),
  /** Bytes of the session so far. */
  rx: z.number().int(),
  tx: z.number().int(),
});
export type HotspotSession = z.infer<typeof hotspotSessionSchema>;

/** Seconds a read waits for the device before answering DEVICE_TIMEOUT. */
export const HOTSPOT_READ_TIMEOUT_SECONDS = 10;

export const HOTSPOT_USER_MESSAGES = {
  hotspotNotFound: 'The device has reported no hotspot with this index',
  offline: 'The device is offline: hotspot users are read from the device itself',
  timeout: `The device did not answer within ${HOTSPOT_READ_TIMEOUT_SECONDS} seconds`,
  badAnswer: 'The device answered with data the console does not understand',
  refused: (message: string) => `The device refused: ${message}`,
} as const;

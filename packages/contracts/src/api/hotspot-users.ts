import { apiDateSchema } from '../api-dates.ts';
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

/**
 * GET .../users: RMS answers a status channel (`meta.channel`) that later carries the users;
 * netfleet waits for the device and answers them in `data` at once, so there is no channel to
 * follow: `meta.channel` is null.
 */
export const hotspotUsersEnvelope = z.object({
  success: z.literal(true),
  data: z.array(hotspotUserSchema),
  meta: z.object({ total: z.number().int(), channel: z.string().nullable() }),
});

/** One login to the hotspot that is active now, in RMS's fields and netfleet's. */
export const hotspotSessionSchema = z.object({
  /** RMS's row id. Sessions are read from the device and have none: null. */
  id: z.number().int().nullable(),
  device_id: z.number().int(),
  /** The hotspot's SSID, as its latest reading names it. */
  ssid: z.string(),
  username: z.string(),
  ip: z.string().nullable(),
  mac: z.string().nullable(),
  /** RMS: when the user logged in (the same time as `started_at`). */
  start_time: z.string(),
  /** RMS: how long the user has been logged in, in seconds, as text. */
  use_time: z.string(),
  /** RMS: bytes the user downloaded (`rx`) and uploaded (`tx`) so far, as text. */
  download: z.string(),
  upload: z.string(),
  /** RMS: when the session began (the same time as `started_at`). */
  created_at: apiDateSchema,
  /** RMS: when the device reported the session (this answer's time). */
  updated_at: apiDateSchema,
  /** ISO 8601. */
  started_at: z.string(),
  /** Bytes of the session so far: received by the user (`download`) and sent (`upload`). */
  rx: z.number().int(),
  tx: z.number().int(),
});
export type HotspotSession = z.infer<typeof hotspotSessionSchema>;

/**
 * GET .../users/active, RMS's shape: `code` (200) and the sessions in `hotspots_active_users`
 * (not in `data`), beside netfleet's `success` and `meta.total`.
 */
export const hotspotActiveUsersEnvelope = z.object({
  success: z.literal(true),
  code: z.number().int(),
  hotspots_active_users: z.array(hotspotSessionSchema),
  meta: z.object({ total: z.number().int() }),
});
export type HotspotActiveUsersAnswer = z.infer<typeof hotspotActiveUsersEnvelope>;

/** Seconds a read waits for the device before answering DEVICE_TIMEOUT. */
export const HOTSPOT_READ_TIMEOUT_SECONDS = 10;

export const HOTSPOT_USER_MESSAGES = {
  hotspotNotFound: 'The device has reported no hotspot with this index',
  offline: 'The device is offline: hotspot users are read from the device itself',
  timeout: `The device did not answer within ${HOTSPOT_READ_TIMEOUT_SECONDS} seconds`,
  badAnswer: 'The device answered with data the console does not understand',
  refused: (message: string) => `The device refused: ${message}`,
} as const;

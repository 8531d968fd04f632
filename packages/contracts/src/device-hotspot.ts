import { z } from 'zod';

// Hotspot users live on the device (RMS /devices/{id}/hotspots/{index}/users): the console reads
// and changes them through the commands hotspot_users, hotspot_sessions, hotspot_user_add and
// hotspot_user_delete (device-protocol.ts COMMAND_TYPES). Their args, and the JSON results the
// reads answer `completed` with, shared by the server, the agent and the simulator
// (docs/device-protocol.md §7).

/** A hotspot's own index, as its telemetry reports it. */
export const hotspotIndexSchema = z.number().int().min(0).max(15);

/**
 * Hotspot user names are 1-64 printable ASCII characters without surrounding spaces: they end up
 * in the device's configuration files and captive portal, where anything else is trouble.
 */
export const hotspotUsernameSchema = z
  .string()
  .trim()
  .min(1, 'Username is required')
  .max(64, 'Username must be at most 64 characters')
  .regex(/^[\x20-\x7e]*$/, 'Username may only contain printable ASCII characters');

/** Passwords are kept as typed (spaces count), 1-64 printable ASCII characters. */
export const hotspotPasswordSchema = z
  .string()
  .min(1, 'Password is required')
  .max(64, 'Password must be at most 64 characters')
  .regex(/^[\x20-\x7e]*$/, 'Password may only contain printable ASCII characters');

/** `hotspot_users` and `hotspot_sessions`. */
export const hotspotCommandArgsSchema = z.object({ index: hotspotIndexSchema });
export const hotspotUserAddArgsSchema = hotspotCommandArgsSchema.extend({
  username: hotspotUsernameSchema,
  password: hotspotPasswordSchema,
});
export const hotspotUserDeleteArgsSchema = hotspotCommandArgsSchema.extend({
  username: hotspotUsernameSchema,
});

/** Most users a device lists for one hotspot: the list must fit an ack's 16 KiB result. */
export const HOTSPOT_USERS_MAX = 100;

/** Device-reported text is shown in the console: printable ASCII only. */
const printable = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[\x20-\x7e]*$/);

/** The `result` of `hotspot_users`, as JSON. Passwords never leave the device. */
export const hotspotUsersResultSchema = z.object({
  users: z.array(z.object({ username: printable(64) })).max(HOTSPOT_USERS_MAX),
});
export type HotspotUsersResult = z.infer<typeof hotspotUsersResultSchema>;

/** The `result` of `hotspot_sessions`, as JSON: who is logged in to the hotspot now. */
export const hotspotSessionsResultSchema = z.object({
  sessions: z
    .array(
      z.object({
        username: printable(64),
        ip: printable(45).nullable(),
        mac: printable(17).nullable(),
        /** Epoch ms of the login (at most JavaScript's last date). */
        started_at: z.number().int().min(0).max(8_640_000_000_000_000),
        /** Bytes of the session so far. */
        rx: z.number().int().min(0),
        tx: z.number().int().min(0),
      }),
    )
    .max(HOTSPOT_USERS_MAX),
});
export type HotspotSessionsResult = z.infer<typeof hotspotSessionsResultSchema>;

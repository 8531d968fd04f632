import { z } from 'zod';

// Control messages the server sends to every connected device at once on `topics.control`
// (docs/device-protocol.md §8). Only the embedded broker sends them: behind an external broker
// the devices keep their connection when one server instance stops.

/**
 * A restart takes about 5 s: a device told the server is stopping waits at least this long
 * before its next connection attempt, so it does not spend its first back-off steps on a server
 * that is not there yet.
 */
export const SHUTDOWN_RECONNECT_AFTER_MS = 5_000;
/**
 * …plus a random share of this window, so a fleet of 10,000 devices comes back spread over it
 * instead of in one storm of connects, logins and hellos.
 */
export const SHUTDOWN_RECONNECT_WINDOW_MS = 30_000;

/** No device is ever told to stay away longer than an hour, whatever a message says. */
const RECONNECT_HINT_MAX_MS = 3_600_000;

/** `{"type":"server_shutdown","reconnect_after_ms":5000,"reconnect_window_ms":30000}` */
export const serverShutdownSchema = z.object({
  type: z.literal('server_shutdown'),
  reconnect_after_ms: z.number().int().min(0).max(RECONNECT_HINT_MAX_MS),
  reconnect_window_ms: z.number().int().min(0).max(RECONNECT_HINT_MAX_MS),
});
export type ServerShutdown = z.infer<typeof serverShutdownSchema>;

/** Every control message; a device ignores a type it does not know (a newer server's). */
export const controlMessageSchema = z.discriminatedUnion('type', [serverShutdownSchema]);
export type ControlMessage = z.infer<typeof controlMessageSchema>;

/** The notice a stopping server sends, with the defaults above. */
export const serverShutdownNotice = (): ServerShutdown => ({
  type: 'server_shutdown',
  reconnect_after_ms: SHUTDOWN_RECONNECT_AFTER_MS,
  reconnect_window_ms: SHUTDOWN_RECONNECT_WINDOW_MS,
});

/**
 * How long a device told of a shutdown waits before it connects again: at least
 * `reconnect_after_ms`, less than `reconnect_after_ms + reconnect_window_ms` (random in [0, 1)).
 */
export const shutdownReconnectDelay = (
  notice: ServerShutdown,
  random: () => number = Math.random,
): number => notice.reconnect_after_ms + Math.floor(random() * notice.reconnect_window_ms);

import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import {
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_PATHS,
  SOCKET_RECONNECT,
  socketReconnectDelay,
} from '@netfleet/contracts';
import type { RealtimeSocket } from './realtime-client';

/** Spec §7/§9: /status/socket.io, cookies sent, 5 reconnect attempts 100 ms doubling to 10 s. */
export const STATUS_SOCKET_OPTIONS = {
  path: SOCKET_PATHS.status,
  withCredentials: true,
  reconnectionAttempts: SOCKET_RECONNECT.attempts,
  reconnectionDelay: socketReconnectDelay(1),
  reconnectionDelayMax: SOCKET_RECONNECT.maxDelayMs,
  // Without jitter socket.io's backoff (factor 2) waits exactly what socketReconnectDelay says.
  randomizationFactor: 0,
  timeout: SOCKET_CONNECT_TIMEOUT_MS,
} as const satisfies Partial<ManagerOptions & SocketOptions>;

/** Same origin: the session cookie authenticates the handshake. */
export function connectStatusSocket(): RealtimeSocket {
  return io(STATUS_SOCKET_OPTIONS);
}

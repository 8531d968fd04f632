import type { RealtimeClient } from './realtime-client';

// The session's connection, so logout (outside React) can close it before the session ends.
let active: RealtimeClient | null = null;

/** Returns the unregister function; it leaves a client registered after this one alone. */
export function setActiveRealtime(client: RealtimeClient): () => void {
  active = client;
  return () => {
    if (active === client) active = null;
  };
}

export function disconnectRealtime(): void {
  active?.disconnect();
  active = null;
}

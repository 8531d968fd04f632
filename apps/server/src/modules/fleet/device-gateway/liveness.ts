import type { LivenessRow } from './gateway.repository';

/**
 * Which devices are connected, as this instance sees them, and what changed since the last flush.
 * Kept in memory; the interface is what a Redis-backed store would implement for scale-out.
 */
export interface LivenessStore {
  online(deviceId: number, at: Date): void;
  offline(deviceId: number, at: Date): void;
  /** Any message from the device: refreshes last_seen_at (at most every 10 minutes per device). */
  seen(deviceId: number, at: Date): void;
  isOnline(deviceId: number): boolean;
  /** How many devices are held online (the connected-devices gauge of /metrics). */
  onlineCount(): number;
  /** Every device held online goes offline (their connections were lost without a will). */
  offlineAll(at: Date): void;
  /** The changes since the previous drain, one row per device. */
  drain(): LivenessRow[];
  /** Puts drained rows back after a failed flush; newer changes win. */
  restore(rows: LivenessRow[]): void;
}

/**
 * last_seen_at is informative (whether a device is connected is its status). Refreshing it
 * rewrites the device's wide, many-times-indexed devices row: once a minute for each of 10k
 * devices was a tenth of the embedded database's time (measured with the trigram indexes on it).
 */
const SEEN_RESOLUTION_MS = 10 * 60_000;

export const createMemoryLiveness = (): LivenessStore => {
  const state = new Map<number, boolean>();
  const lastWrittenSeen = new Map<number, number>();
  let dirty = new Map<number, LivenessRow>();

  const change = (deviceId: number, status: 0 | 1 | null, at: Date, connected: boolean) => {
    const previous = dirty.get(deviceId);
    dirty.set(deviceId, {
      deviceId,
      status: status ?? previous?.status ?? null,
      seenAt: at,
      connectedAt: connected ? at : (previous?.connectedAt ?? null),
    });
    lastWrittenSeen.set(deviceId, at.getTime());
  };

  return {
    online(deviceId, at) {
      state.set(deviceId, true);
      change(deviceId, 1, at, true);
    },
    offline(deviceId, at) {
      state.set(deviceId, false);
      change(deviceId, 0, at, false);
    },
    seen(deviceId, at) {
      // A device this instance never saw connect (it restarted, or another instance took the
      // state message) is evidently online.
      if (!state.has(deviceId)) {
        state.set(deviceId, true);
        change(deviceId, 1, at, false);
        return;
      }
      const written = lastWrittenSeen.get(deviceId) ?? 0;
      if (at.getTime() - written >= SEEN_RESOLUTION_MS) change(deviceId, null, at, false);
    },
    isOnline: (deviceId) => state.get(deviceId) === true,
    // Counted when asked (a scrape every few seconds), not kept up to date on every message.
    onlineCount() {
      let count = 0;
      for (const online of state.values()) if (online) count += 1;
      return count;
    },
    offlineAll(at) {
      for (const [deviceId, online] of state) {
        if (!online) continue;
        state.set(deviceId, false);
        change(deviceId, 0, at, false);
      }
    },
    drain() {
      const rows = [...dirty.values()];
      dirty = new Map();
      return rows;
    },
    restore(rows) {
      for (const row of rows) if (!dirty.has(row.deviceId)) dirty.set(row.deviceId, row);
    },
  };
};

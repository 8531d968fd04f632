import { CONNECTION_CODES } from '@netfleet/contracts';
import type { ConnectionLogEntry } from './gateway.repository';

/** A connection the broker reported. */
export interface Connect {
  deviceId: number;
  at: Date;
  ip: string | null;
}

/** What connectionContext read of a device that just came online. */
export interface ConnectedDevice {
  id: number;
  status: number;
  lastConnectionAt: Date | null;
  creditMissing: boolean;
}

/**
 * The log entries of a batch of connections: 10 first connection, 12 back after being offline,
 * plus 14 when nothing is monitored and 15 when its paid company has no active credit for it.
 * A device without a credit is neither refused nor muted: netfleet keeps it connected and its
 * readings stored, so it stays visible (and manageable) while someone pays for it; code 15 says
 * why it is not covered.
 */
export const connectionEntries = <Row extends ConnectedDevice>(
  batch: readonly Connect[],
  context: readonly Row[],
  monitoringOff: (row: Row) => boolean,
): ConnectionLogEntry[] => {
  const byId = new Map(context.map((row) => [row.id, row]));
  const earlier = new Set<number>();
  const entries: ConnectionLogEntry[] = [];
  for (const connect of batch) {
    const row = byId.get(connect.deviceId);
    if (!row) continue;
    const back = earlier.has(row.id) || (row.status === 0 && row.lastConnectionAt !== null);
    earlier.add(row.id);
    const entry = { deviceId: row.id, ip: connect.ip, at: connect.at, reason: null };
    entries.push({
      ...entry,
      code: back ? CONNECTION_CODES.reconnected : CONNECTION_CODES.connected,
    });
    if (monitoringOff(row)) entries.push({ ...entry, code: CONNECTION_CODES.monitoringDisabled });
    if (row.creditMissing) entries.push({ ...entry, code: CONNECTION_CODES.noActiveCredit });
  }
  return entries;
};

/** Connection log entries waiting for the next flush (one INSERT for all of them). */
export const createConnectionLog = () => {
  let entries: ConnectionLogEntry[] = [];
  return {
    add(entry: ConnectionLogEntry) {
      entries.push(entry);
    },
    get size() {
      return entries.length;
    },
    /**
     * The entries up to `until` (all without it), in the order things happened. A flush logs a
     * device's connection only once it has read the device's previous state, while its hello may
     * log a new firmware (code 20) in the meantime: the later entries wait for the next flush,
     * which logs the connection first.
     */
    drain(until?: Date): ConnectionLogEntry[] {
      const due = (entry: ConnectionLogEntry) =>
        until === undefined || entry.at.getTime() <= until.getTime();
      const drained = entries.filter(due);
      entries = entries.filter((entry) => !due(entry));
      return drained.sort((a, b) => a.at.getTime() - b.at.getTime());
    },
    restore(drained: ConnectionLogEntry[]) {
      entries = [...drained, ...entries];
    },
  };
};

export type ConnectionLog = ReturnType<typeof createConnectionLog>;

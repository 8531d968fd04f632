import type { ConnectionLogEntry } from './gateway.repository';

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

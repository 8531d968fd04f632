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
    drain(): ConnectionLogEntry[] {
      const drained = entries;
      entries = [];
      return drained;
    },
    restore(drained: ConnectionLogEntry[]) {
      entries = [...drained, ...entries];
    },
  };
};

export type ConnectionLog = ReturnType<typeof createConnectionLog>;

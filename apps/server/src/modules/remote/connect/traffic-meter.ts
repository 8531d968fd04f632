import type { SessionStore } from './session-store.port';

const FLUSH_MS = 5_000;

/**
 * Counts a session's bytes in memory and writes them every few seconds, so a busy terminal or
 * download costs one UPDATE per session and interval, not one per chunk.
 */
export const createTrafficMeter = (
  sessions: Pick<SessionStore, 'addTraffic'>,
  log: { warn: (o: object, m: string) => void },
) => {
  const pending = new Map<number, { input: number; output: number }>();
  const flush = async () => {
    const batch = [...pending];
    pending.clear();
    for (const [id, { input, output }] of batch) {
      await sessions
        .addTraffic(id, input, output)
        .catch((error: unknown) => log.warn({ err: error, id }, 'session traffic not recorded'));
    }
  };
  const timer = setInterval(() => void flush(), FLUSH_MS);
  timer.unref();
  const add = (id: number, input: number, output: number) => {
    const entry = pending.get(id) ?? { input: 0, output: 0 };
    entry.input += input;
    entry.output += output;
    pending.set(id, entry);
  };
  return {
    input: (id: number, bytes: number) => add(id, bytes, 0),
    output: (id: number, bytes: number) => add(id, 0, bytes),
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
};

export type TrafficMeter = ReturnType<typeof createTrafficMeter>;

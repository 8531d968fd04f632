import type { CollectMessage } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { CollectedRow, DataCollectRepository } from './data-collect.repository';

const FLUSH_INTERVAL_MS = 1_000;
const FLUSH_AT_ROWS = 500;
/** Past this many waiting rows new ones are dropped: a database that cannot keep up loses data, not memory. */
const MAX_ROWS = 20_000;

interface Options {
  repository: Pick<DataCollectRepository, 'insertCollected'>;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * What devices collected, written in batches: one insert per flush instead of one per message, as
 * a fleet on a short period sends thousands a second.
 */
export const createCollectIngest = ({ repository, log, now }: Options) => {
  let rows: CollectedRow[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let dropped = 0;

  const flush = () => {
    flushing = flushing.then(async () => {
      const batch = rows;
      rows = [];
      if (batch.length === 0) return;
      await repository
        .insertCollected(batch)
        .catch((error: unknown) =>
          log.error({ err: error, rows: batch.length }, 'data collect flush failed'),
        );
    });
    return flushing;
  };

  return {
    /** A device's run; its time is the device's, unless that is in the future. */
    add(deviceId: number, message: CollectMessage) {
      if (rows.length >= MAX_ROWS) {
        dropped += 1;
        return;
      }
      const at = now();
      rows.push({
        deviceId,
        configId: message.config_id,
        data: message.data,
        log: message.log,
        collectedAt: message.ts > at.getTime() ? at : new Date(message.ts),
      });
      if (rows.length >= FLUSH_AT_ROWS) void flush();
    },
    flush,
    dropped: () => dropped,
    start() {
      timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
};

export type CollectIngest = ReturnType<typeof createCollectIngest>;

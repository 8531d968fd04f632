import { type CollectMessage, toApiDate } from '@netfleet/contracts';
import type { WebhookEvents } from '@/modules/system/webhooks/webhook-events';
import type { FastifyBaseLogger } from 'fastify';
import type { CollectedRepository, CollectedRow } from './collected.repository';

const FLUSH_INTERVAL_MS = 1_000;
const FLUSH_AT_ROWS = 500;
/** Past this many waiting rows new ones are dropped: a database that cannot keep up loses data, not memory. */
const MAX_ROWS = 20_000;
const DAY_MS = 86_400_000;

interface Options {
  repository: Pick<CollectedRepository, 'insertCollected' | 'ownersOf'>;
  webhooks: Pick<WebhookEvents, 'enqueue'>;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * One `data_collect.collected` delivery per config owner and flush (a fleet's runs in one post,
 * not one post per device), to the owner's webhooks that subscribe to it.
 */
const forward = async (
  rows: readonly CollectedRow[],
  { repository, webhooks }: Pick<Options, 'repository' | 'webhooks'>,
) => {
  const owners = await repository.ownersOf([...new Set(rows.map((row) => row.configId))]);
  const byOwner = new Map<number, CollectedRow[]>();
  for (const row of rows) {
    const owner = owners.get(row.configId);
    if (owner !== undefined) byOwner.set(owner, [...(byOwner.get(owner) ?? []), row]);
  }
  for (const [owner, runs] of byOwner) {
    await webhooks.enqueue(owner, 'data_collect.collected', {
      runs: runs.map((run) => ({
        device_id: run.deviceId,
        config_id: run.configId,
        collected_at: toApiDate(run.collectedAt),
        data: run.data,
        log: run.log,
      })),
    });
  }
};

/**
 * What devices collected, written in batches: one insert per flush instead of one per message, as
 * a fleet on a short period sends thousands a second. Then forwarded to the owners' webhooks.
 */
export const createCollectIngest = ({ repository, webhooks, log, now }: Options) => {
  let rows: CollectedRow[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let dropped = 0;

  const flush = () => {
    flushing = flushing.then(async () => {
      const batch = rows;
      rows = [];
      if (dropped > 0) {
        log.warn({ dropped }, 'data collect runs dropped (buffer full or NUL in a value)');
        dropped = 0;
      }
      if (batch.length === 0) return;
      try {
        await forward(await repository.insertCollected(batch), { repository, webhooks });
      } catch (error) {
        log.error({ err: error, rows: batch.length }, 'data collect flush failed');
      }
    });
    return flushing;
  };

  return {
    /**
     * A device's run; its time is the device's, unless that is in the future or older than a day
     * (a device without a clock): then it is the time it arrived.
     */
    add(deviceId: number, message: CollectMessage) {
      // PostgreSQL's jsonb cannot hold NUL: one such run would fail the whole batch's insert.
      if (rows.length >= MAX_ROWS || JSON.stringify(message).includes('\\u0000')) {
        dropped += 1;
        return;
      }
      const at = now();
      const late = at.getTime() - message.ts > DAY_MS;
      rows.push({
        deviceId,
        configId: message.config_id,
        data: message.data,
        log: message.log,
        collectedAt: message.ts > at.getTime() || late ? at : new Date(message.ts),
      });
      if (rows.length >= FLUSH_AT_ROWS) void flush();
    },
    flush,
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

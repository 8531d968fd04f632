import type { FastifyBaseLogger } from 'fastify';
import { foregroundWithin } from '@/lib/foreground';
import type { DeviceChangeSink } from '@/modules/fleet/device-live/device-live';
import type { GatewayRepository } from './gateway.repository';
import { createLatestBudget, LATEST_QUIET_MS } from './latest-budget';
import { readingChanges } from './live-changes';
import type { TelemetryBuffer } from './telemetry-buffer';
import { storeTelemetry } from './telemetry-store';

/**
 * How long a device's latest readings wait before they are written to its devices row (and how
 * often data-usage sums are written). Readings are stored every flush; the devices row they
 * summarise is rewritten at most this often.
 */
export const DERIVED_INTERVAL_MS = 15_000;

interface TelemetryFlushDeps {
  telemetry: TelemetryBuffer;
  repository: GatewayRepository;
  log: FastifyBaseLogger;
  now: () => Date;
  stats: { stored: number; dropped: number };
  changes?: DeviceChangeSink;
}

/**
 * The telemetry part of a gateway flush, and the PUBACKs that wait for it: with the embedded
 * broker a reading is acknowledged only once stored (issue 23), so a server killed with readings
 * buffered has acknowledged none of them and the devices send them again.
 */
export const createTelemetryFlush = (deps: TelemetryFlushDeps) => {
  const { telemetry, repository, log, now, stats, changes } = deps;
  const latestBudget = createLatestBudget(() => foregroundWithin(LATEST_QUIET_MS));
  let usageAt = 0;
  /** Releases the PUBACKs of the readings buffered and not stored yet, oldest first. */
  let unstored: (() => void)[] = [];
  let failing = false;

  return {
    /** The PUBACK of a reading just buffered: settles once a flush has stored it. */
    held: () => new Promise<void>((resolve) => unstored.push(resolve)),
    /** While writes fail (database away, disk full) only the interval retries them, not each reading. */
    failing: () => failing,

    async flush(final: boolean) {
      const at = now().getTime();
      const usage = final || at - usageAt >= DERIVED_INTERVAL_MS;
      if (usage) usageAt = at;
      const batch = final
        ? telemetry.drain()
        : telemetry.drain({ before: at - DERIVED_INTERVAL_MS, max: latestBudget(at) }, usage);
      // Every reading buffered so far is in this batch's rows.
      const waiting = unstored;
      unstored = [];
      if (batch.rows.length + batch.latest.length + batch.usage.length === 0) {
        for (const release of waiting) release();
        return;
      }
      const { written, failed, error } = await storeTelemetry(repository, batch);
      // Rows that failed go back to the buffer, and their PUBACKs wait for the retry.
      failing = failed.rows.length > 0;
      if (failing) unstored = waiting.concat(unstored);
      else for (const release of waiting) release();
      stats.stored += batch.rows.length - failed.rows.length;
      if (error !== undefined) {
        const dropped = telemetry.restore(failed);
        // The buffer gave up its oldest readings; the oldest PUBACKs waiting are theirs (both kept
        // in arrival order). They are never sent: the devices send those readings again when they
        // reconnect, rather than taking them for stored.
        unstored.splice(0, dropped);
        log.error(
          { err: error, rows: failed.rows.length, dropped },
          'telemetry flush failed; retrying',
        );
        stats.dropped += dropped;
      }
      if (changes) for (const change of readingChanges(batch.latest, written)) changes.add(change);
    },
  };
};

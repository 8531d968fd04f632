import {
  type DynamicTelemetry,
  parseReading,
  type ReadingText,
  TELEMETRY_CATEGORIES,
  type TelemetryCategory,
  toReadingText,
} from '@netfleet/contracts';
import type { LatestRow, TelemetryRow, UsageRow } from './gateway.repository';
import { type LatestValues, latestValues, mergeInto, mergeLatest, usageOf } from './latest-reading';

const DAY_MS = 86_400_000;

/** A device's latest readings not yet written; `since` is when the first of them arrived. */
interface PendingLatest {
  values: LatestValues;
  at: Date;
  since: number;
}

/**
 * A valid reading as the buffer takes it: `data` to derive the devices columns from (not kept),
 * `json` to store and to keep as the latest reading.
 */
export interface BufferedReading extends ReadingText {
  data: unknown;
}

/**
 * The reading the broker validated on its thread, parsed back for its columns, or (from an external
 * broker: `reading` undefined) the payload validated here; null when invalid.
 */
export const bufferedReading = (
  category: TelemetryCategory,
  payload: Buffer,
  reading: ReadingText | null | undefined,
): BufferedReading | null => {
  if (reading === null) return null;
  if (reading) return { ...reading, data: JSON.parse(reading.json) as unknown };
  const valid = parseReading(category, payload.toString('utf8'));
  return valid && { ...toReadingText(valid), data: valid.data };
};

/** Which latest readings a drain takes: those waiting since `before` or longer, at most `max`. */
export interface LatestDrain {
  before: number;
  max: number;
}

const EVERYTHING: LatestDrain = { before: Infinity, max: Infinity };

export interface TelemetryBatch {
  rows: TelemetryRow[];
  latest: LatestRow[];
  usage: UsageRow[];
}

/**
 * Validated readings waiting for the next flush: the rows to insert, the latest-reading columns
 * coalesced per device, and the data-usage deltas summed per (device, day, modem, SIM), so one
 * flush is three statements whatever the number of messages.
 */
export const createTelemetryBuffer = (options: { retentionDays: number; maxRows?: number }) => {
  // While the database is unreachable the buffer grows; past this many readings the oldest go.
  const maxRows = options.maxRows ?? 500_000;
  let rows: TelemetryRow[] = [];
  // In the order devices first had something pending: the longest waiting are written first.
  let latest = new Map<number, PendingLatest>();
  let usage = new Map<string, UsageRow>();
  /**
   * Devices that came online recently (epoch ms): within the wait their latest readings go out at
   * the next drain instead of after it, so a device that just connected shows its Wi-Fi rows and
   * signal at once rather than one wait later, while a device reporting all along stays batched.
   */
  const connected = new Map<number, number>();

  const addUsage = (row: UsageRow) => {
    const key = `${row.deviceId}/${row.day}/${row.modem}/${row.sim}`;
    const current = usage.get(key);
    if (current) {
      current.rx += row.rx;
      current.tx += row.tx;
    } else usage.set(key, { ...row });
  };

  return {
    get size() {
      return rows.length;
    },

    /**
     * A reading that passed its schema (`bufferedReading`); false for null, an invalid one, which
     * is dropped. Only its JSON text is kept.
     */
    add(
      deviceId: number,
      category: TelemetryCategory,
      reading: BufferedReading | null,
      receivedAt: Date,
    ): boolean {
      if (!reading) return false;
      // A device with a wrong clock must neither write into dropped partitions nor the far future.
      const now = receivedAt.getTime();
      const ts = new Date(
        Math.min(Math.max(reading.ts, now - options.retentionDays * DAY_MS), now + DAY_MS),
      );
      rows.push({
        deviceId,
        category: TELEMETRY_CATEGORIES.indexOf(category),
        ts,
        receivedAt,
        json: reading.json,
      });
      const values = latestValues(category, reading.data as never, reading.json);
      const current = latest.get(deviceId);
      // Merged in place: the entry is the buffer's own until it is drained.
      if (current) {
        mergeInto(current.values, values);
        current.at = receivedAt;
      } else latest.set(deviceId, { values, at: receivedAt, since: now });
      if (category === 'dynamic') {
        for (const delta of usageOf(reading.data as DynamicTelemetry, ts)) {
          addUsage({ deviceId, ...delta });
        }
      }
      return true;
    },

    /** The device came online at `at`: its latest readings skip the wait for a while (drain). */
    online(deviceId: number, at: Date): void {
      connected.set(deviceId, at.getTime());
    },

    /**
     * The readings to insert, the latest-reading columns of the devices `latestOf` chooses (all by
     * default) and, with `withUsage`, the data-usage sums gathered since they were last drained.
     * Latest readings wait longer than the rows: a device reporting every second would otherwise
     * rewrite its devices row every second. Devices that came online after `before` go first,
     * whenever their readings arrived.
     */
    drain(latestOf: LatestDrain = EVERYTHING, withUsage = true): TelemetryBatch {
      const taken: LatestRow[] = [];
      for (const [deviceId, since] of connected) {
        if (since <= latestOf.before) {
          connected.delete(deviceId);
          continue;
        }
        const entry = latest.get(deviceId);
        if (!entry) continue;
        if (taken.length >= latestOf.max) break;
        taken.push({ deviceId, values: entry.values, at: entry.at });
        latest.delete(deviceId);
      }
      for (const [deviceId, entry] of latest) {
        if (taken.length >= latestOf.max || entry.since > latestOf.before) break;
        taken.push({ deviceId, values: entry.values, at: entry.at });
        latest.delete(deviceId);
      }
      const batch: TelemetryBatch = {
        rows,
        latest: taken,
        usage: withUsage ? [...usage.values()] : [],
      };
      rows = [];
      if (withUsage) usage = new Map();
      return batch;
    },

    /**
     * Puts a batch whose flush failed back in front, to be retried with the next one; answers how
     * many of the oldest readings were given up to stay within maxRows.
     */
    restore(batch: TelemetryBatch): number {
      const newer = { rows, latest, usage };
      rows = batch.rows;
      // Back in front, as the longest waiting.
      latest = new Map(
        batch.latest.map((row) => [row.deviceId, { values: row.values, at: row.at, since: 0 }]),
      );
      usage = new Map();
      for (const row of batch.usage) addUsage(row);
      rows.push(...newer.rows);
      for (const [deviceId, entry] of newer.latest) {
        const current = latest.get(deviceId);
        latest.set(deviceId, {
          values: current ? mergeLatest(current.values, entry.values) : entry.values,
          at: entry.at,
          since: current?.since ?? entry.since,
        });
      }
      for (const row of newer.usage.values()) addUsage(row);
      const excess = Math.max(0, rows.length - maxRows);
      if (excess > 0) rows = rows.slice(excess);
      return excess;
    },
  };
};

export type TelemetryBuffer = ReturnType<typeof createTelemetryBuffer>;

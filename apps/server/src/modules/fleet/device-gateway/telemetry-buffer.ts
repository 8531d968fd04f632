import {
  type DynamicTelemetry,
  TELEMETRY_CATEGORIES,
  TELEMETRY_SCHEMAS,
  type TelemetryCategory,
  telemetryEnvelopeSchema,
} from '@netfleet/contracts';
import type { LatestRow, TelemetryRow, UsageRow } from './gateway.repository';
import { type LatestValues, latestValues, mergeLatest, usageOf } from './latest-reading';

const DAY_MS = 86_400_000;

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
  let latest = new Map<number, { values: LatestValues; at: Date }>();
  let usage = new Map<string, UsageRow>();

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

    /** False when the message is not a valid reading of the category (it is dropped). */
    add(
      deviceId: number,
      category: TelemetryCategory,
      message: unknown,
      receivedAt: Date,
    ): boolean {
      const envelope = telemetryEnvelopeSchema.safeParse(message);
      if (!envelope.success) return false;
      const data = TELEMETRY_SCHEMAS[category].safeParse(envelope.data.data);
      if (!data.success) return false;
      // A device with a wrong clock must neither write into dropped partitions nor the far future.
      const now = receivedAt.getTime();
      const ts = new Date(
        Math.min(Math.max(envelope.data.ts, now - options.retentionDays * DAY_MS), now + DAY_MS),
      );
      rows.push({
        deviceId,
        category: TELEMETRY_CATEGORIES.indexOf(category),
        ts,
        receivedAt,
        data: data.data,
      });
      const values = latestValues(category, data.data);
      const current = latest.get(deviceId);
      latest.set(deviceId, {
        values: current ? mergeLatest(current.values, values) : values,
        at: receivedAt,
      });
      if (category === 'dynamic') {
        for (const delta of usageOf(data.data as DynamicTelemetry, ts)) {
          addUsage({ deviceId, ...delta });
        }
      }
      return true;
    },

    /**
     * The readings to insert, and (with `derived`) the latest-reading columns and data-usage sums
     * gathered since they were last drained. The gateway drains those less often than the rows: a
     * device reporting every second would otherwise rewrite its devices row every second.
     */
    drain(derived = true): TelemetryBatch {
      const batch: TelemetryBatch = {
        rows,
        latest: derived
          ? [...latest].map(([deviceId, { values, at }]) => ({ deviceId, values, at }))
          : [],
        usage: derived ? [...usage.values()] : [],
      };
      rows = [];
      if (derived) {
        latest = new Map();
        usage = new Map();
      }
      return batch;
    },

    /**
     * Puts a batch whose flush failed back in front, to be retried with the next one; answers how
     * many of the oldest readings were given up to stay within maxRows.
     */
    restore(batch: TelemetryBatch): number {
      const newer = { rows, latest, usage };
      rows = batch.rows;
      latest = new Map(
        batch.latest.map((row) => [row.deviceId, { values: row.values, at: row.at }]),
      );
      usage = new Map();
      for (const row of batch.usage) addUsage(row);
      rows.push(...newer.rows);
      for (const [deviceId, entry] of newer.latest) {
        const current = latest.get(deviceId);
        latest.set(deviceId, {
          values: current ? mergeLatest(current.values, entry.values) : entry.values,
          at: entry.at,
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

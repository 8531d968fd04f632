import type { GatewayRepository, LivenessRow, WrittenDevices } from './gateway.repository';
import type { TelemetryBatch } from './telemetry-buffer';

/** Readings per statement: about 100 ms of work for the embedded database. */
const READINGS_SLICE = 2_000;
/** Devices rows per statement: each is a wide row with many indexes to maintain. */
const LATEST_SLICE = 500;
/**
 * Status rows per statement: a status or connection time that changes is an indexed column, so
 * each row costs a full rewrite; a fleet back from a reboot changes 10k of them.
 */
const LIVENESS_SLICE = 500;

interface Sliced<T> {
  /** The slice that failed and every item after it, unwritten; empty on success. */
  failed: T[];
  error?: unknown;
}

/**
 * Writes `items` in slices of `size`, each its own statement. The embedded database serves every
 * request on one connection in arrival order, so a 10k-row statement would keep the console's
 * requests waiting for seconds; between slices they get their turn. Stops at the first failure
 * and hands back what was not written, so a retry writes nothing twice.
 */
const inSlices = async <T>(
  items: readonly T[],
  size: number,
  write: (slice: T[]) => Promise<void>,
): Promise<Sliced<T>> => {
  for (let start = 0; start < items.length; start += size) {
    try {
      await write(items.slice(start, start + size));
    } catch (error) {
      return { failed: items.slice(start), error: error ?? new Error('write failed') };
    }
  }
  return { failed: [] };
};

export interface StoreOutcome {
  /** Device id → company of the devices whose latest readings were written. */
  written: WrittenDevices;
  /** What could not be written, to be put back in the buffer and retried; empty on success. */
  failed: TelemetryBatch;
  error?: unknown;
}

/**
 * A drained batch: readings, then latest readings, then data usage. Whatever was not written
 * when one fails is handed back in `failed`.
 */
export const storeTelemetry = async (
  repository: Pick<GatewayRepository, 'insertReadings' | 'storeLatest' | 'addUsage'>,
  batch: TelemetryBatch,
): Promise<StoreOutcome> => {
  const written = new Map<number, number>();
  const rows = await inSlices(batch.rows, READINGS_SLICE, (slice) =>
    repository.insertReadings(slice),
  );
  if (rows.error !== undefined) {
    return { written, failed: { ...batch, rows: rows.failed }, error: rows.error };
  }
  const latest = await inSlices(batch.latest, LATEST_SLICE, async (slice) => {
    for (const [id, company] of await repository.storeLatest(slice)) written.set(id, company);
  });
  if (latest.error !== undefined) {
    const failed = { rows: [], latest: latest.failed, usage: batch.usage };
    return { written, failed, error: latest.error };
  }
  try {
    await repository.addUsage(batch.usage);
  } catch (error) {
    return { written, failed: { rows: [], latest: [], usage: batch.usage }, error };
  }
  return { written, failed: { rows: [], latest: [], usage: [] } };
};

/** Status and last-seen changes in slices; answers the company of each device written. */
export const storeLiveness = async (
  repository: Pick<GatewayRepository, 'applyLiveness'>,
  rows: readonly LivenessRow[],
): Promise<{ written: WrittenDevices } & Sliced<LivenessRow>> => {
  const written = new Map<number, number>();
  const outcome = await inSlices(rows, LIVENESS_SLICE, async (slice) => {
    for (const [id, company] of await repository.applyLiveness(slice)) written.set(id, company);
  });
  return { written, ...outcome };
};

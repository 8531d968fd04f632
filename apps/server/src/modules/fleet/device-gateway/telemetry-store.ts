import type { GatewayRepository, LivenessRow, WrittenDevices } from './gateway.repository';
import type { TelemetryBatch } from './telemetry-buffer';

/** Readings per statement: about 100 ms of work for the embedded database. */
const READINGS_SLICE = 2_000;
/** Devices rows per statement: each is a wide row with many indexes to maintain. */
const LATEST_SLICE = 500;
/**
 * Status rows per statement: a status or connection time that changes is an indexed column, so
 * each row costs a full rewrite (~0.5 ms); a fleet back from a reboot changes 10k of them.
 */
const LIVENESS_SLICE = 500;

export interface StoreOutcome {
  /** Device id → company of the devices whose latest readings were written. */
  written: WrittenDevices;
  /** What could not be written, to be put back in the buffer and retried; empty on success. */
  failed: TelemetryBatch;
  error?: unknown;
}

const slices = <T>(items: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );

/**
 * Writes a drained batch in slices, each its own statement. The embedded database serves every
 * request on one connection in arrival order, so a 10k-row flush in one transaction would keep
 * the console's requests waiting for seconds; between slices they get their turn. Each slice is
 * written once or handed back in `failed` (after the first failure the rest is handed back
 * unwritten), so a retry counts nothing twice.
 */
export const storeTelemetry = async (
  repository: Pick<GatewayRepository, 'insertReadings' | 'storeLatest' | 'addUsage'>,
  batch: TelemetryBatch,
): Promise<StoreOutcome> => {
  const written = new Map<number, number>();
  const failed: TelemetryBatch = { rows: [], latest: [], usage: [] };
  let error: unknown;
  const attempt = async (write: () => Promise<void>, giveBack: () => void) => {
    if (error !== undefined) return giveBack();
    try {
      await write();
    } catch (failure) {
      error = failure ?? new Error('telemetry write failed');
      giveBack();
    }
  };
  for (const rows of slices(batch.rows, READINGS_SLICE)) {
    await attempt(
      () => repository.insertReadings(rows),
      () => failed.rows.push(...rows),
    );
  }
  for (const latest of slices(batch.latest, LATEST_SLICE)) {
    await attempt(
      async () => {
        for (const [id, company] of await repository.storeLatest(latest)) written.set(id, company);
      },
      () => failed.latest.push(...latest),
    );
  }
  await attempt(
    () => repository.addUsage(batch.usage),
    () => failed.usage.push(...batch.usage),
  );
  return { written, failed, ...(error !== undefined ? { error } : {}) };
};

/**
 * Status and last-seen changes in slices, for the same reason; answers the company of each device
 * written, and the rows from the first failed slice on, to be put back and retried.
 */
export const storeLiveness = async (
  repository: Pick<GatewayRepository, 'applyLiveness'>,
  rows: readonly LivenessRow[],
): Promise<{ written: WrittenDevices; failed: LivenessRow[]; error?: unknown }> => {
  const written = new Map<number, number>();
  const parts = slices(rows, LIVENESS_SLICE);
  for (const [i, part] of parts.entries()) {
    try {
      for (const [id, company] of await repository.applyLiveness(part)) written.set(id, company);
    } catch (error) {
      return { written, failed: parts.slice(i).flat(), error: error ?? new Error('failed') };
    }
  }
  return { written, failed: [] };
};

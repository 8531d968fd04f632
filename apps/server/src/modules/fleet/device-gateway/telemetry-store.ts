import type { GatewayRepository, WrittenDevices } from './gateway.repository';
import type { TelemetryBatch } from './telemetry-buffer';

/** Readings per statement: about 100 ms of work for the embedded database. */
const READINGS_SLICE = 2_000;
/** Devices rows per statement: each is a wide row with many indexes to maintain. */
const LATEST_SLICE = 500;

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

import type { FastifyBaseLogger } from 'fastify';
import type { GatewayRepository } from './gateway.repository';

const DAY_MS = 86_400_000;
const AHEAD_DAYS = 7;
const PARTITION_NAME = /^device_telemetry_(\d{4})(\d{2})(\d{2})$/;
export const SAMPLE_INTERVAL_MS = 5 * 60_000;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Keeps device_telemetry's daily partitions a week ahead and drops those past retention (a DROP
 * of a partition, not a DELETE of rows). Several instances may run it: every step is idempotent.
 */
export const maintainPartitions = async (deps: {
  repository: Pick<
    GatewayRepository,
    'telemetryPartitions' | 'createTelemetryPartition' | 'dropTelemetryPartition'
  >;
  retentionDays: number;
  now: () => Date;
  log: FastifyBaseLogger;
}) => {
  const today = Math.floor(deps.now().getTime() / DAY_MS) * DAY_MS;
  for (let day = 0; day <= AHEAD_DAYS; day += 1) {
    const start = today + day * DAY_MS;
    try {
      await deps.repository.createTelemetryPartition(dayOf(start), dayOf(start + DAY_MS));
    } catch (error) {
      // Rows of that day already sit in the default partition; they stay readable there.
      deps.log.warn({ err: error, day: dayOf(start) }, 'cannot create telemetry partition');
    }
  }
  const oldestKept = dayOf(today - deps.retentionDays * DAY_MS);
  for (const name of await deps.repository.telemetryPartitions()) {
    const match = PARTITION_NAME.exec(name);
    if (match && `${match[1]}-${match[2]}-${match[3]}` < oldestKept) {
      await deps.repository.dropTelemetryPartition(name);
    }
  }
};

/** The 5-minute slot a sample belongs to, the same on every instance. */
export const sampleSlot = (at: Date) =>
  new Date(Math.floor(at.getTime() / SAMPLE_INTERVAL_MS) * SAMPLE_INTERVAL_MS);

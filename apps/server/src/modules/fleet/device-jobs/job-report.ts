import type { StatusUpdate } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { MovedJob } from '@/modules/fleet/device-jobs/job-moves.repository';
import type { StatusService } from '@/modules/system/status/status.service';

export type JobReport = (
  reports: readonly { job: Pick<MovedJob, 'id' | 'deviceId' | 'channel'>; update: StatusUpdate }[],
) => Promise<void>;

/**
 * One publishMany per channel, updates in the given order. A channel outlives its last update
 * by a day; a week-long job may outlive its channel, and then its updates are dropped.
 */
export const createJobReport =
  ({
    status,
    log,
  }: {
    status: Pick<StatusService, 'publishMany'>;
    log: Pick<FastifyBaseLogger, 'warn'>;
  }): JobReport =>
  async (reports) => {
    const byChannel = new Map<string, { item: string; update: StatusUpdate }[]>();
    for (const { job, update } of reports) {
      if (!job.channel) continue;
      const items = byChannel.get(job.channel) ?? [];
      items.push({ item: String(job.deviceId), update });
      byChannel.set(job.channel, items);
    }
    await Promise.all(
      [...byChannel].map(([channel, items]) =>
        status.publishMany(channel, items).catch((error: unknown) => {
          log.warn(
            { err: error, channel, updates: items.length },
            'job status update not delivered',
          );
        }),
      ),
    );
  };

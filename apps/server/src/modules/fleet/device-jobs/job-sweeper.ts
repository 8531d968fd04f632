import type { FastifyBaseLogger } from 'fastify';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';

/** Sweeps expired jobs every `intervalMs` until stopped; one sweep at a time per instance. */
export const createJobSweeper = (
  jobs: Pick<DeviceJobsService, 'sweep'>,
  log: Pick<FastifyBaseLogger, 'error'>,
  intervalMs = 10_000,
) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  // A sweep slower than the interval is not overlapped by the next one.
  const tick = () => {
    running ??= jobs
      .sweep()
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'job sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  return {
    start() {
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    /** Stops the timer and waits for a sweep in flight, so the database can close after it. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
};

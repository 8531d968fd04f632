import type { FastifyBaseLogger } from 'fastify';
import { runInBackground } from '@/lib/foreground';
import type { GeneratedReportsRepository } from './generated-reports.repository';

/** How often reports past their retention are deleted. */
export const REPORT_RETENTION_INTERVAL_MS = 24 * 3_600_000;
/** Reports deleted per statement: each carries its PDF, so statements stay short and locks brief. */
const BATCH = 200;
const DAY_MS = 86_400_000;

export interface ReportRetentionDeps {
  generated: Pick<GeneratedReportsRepository, 'deleteOlderThan'>;
  /** REPORT_RETENTION_DAYS: generated reports are kept this long after they were generated. */
  days: number;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  batch?: number;
}

/**
 * Deletes generated reports older than the retention, at start and then daily, in batches. Every
 * instance runs it; deleting what another instance already deleted is a no-op.
 */
export const createReportRetention = (deps: ReportRetentionDeps) => {
  const batch = deps.batch ?? BATCH;

  /** Deletes every report past the retention at `now()`; answers how many. */
  const run = async (): Promise<number> => {
    const before = new Date(deps.now().getTime() - deps.days * DAY_MS);
    let deleted = 0;
    for (;;) {
      const count = await deps.generated.deleteOlderThan(before, batch);
      deleted += count;
      if (count < batch) return deleted;
    }
  };

  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const poke = () => {
    running ??= runInBackground(run)
      .then((deleted) => {
        if (deleted) deps.log.info({ deleted }, 'generated reports past retention deleted');
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'report retention failed'))
      .finally(() => {
        running = null;
      });
  };

  return {
    run,
    start() {
      timer = setInterval(poke, REPORT_RETENTION_INTERVAL_MS);
      timer.unref();
      poke();
    },
    /** Stops the timer and waits for a run in flight, so the database can close after it. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
};

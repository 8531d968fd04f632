import type { FastifyBaseLogger } from 'fastify';
import { runInBackground } from '@/lib/foreground';
import type { ReportGenerator } from './report-generator';
import { lastWholePeriod, nextPeriodEnd } from './report-periods';
import type { ReportTemplatesRepository } from './report-templates.repository';

/** How often due periodic reports are looked for. */
export const REPORT_TICK_MS = 60_000;
/** Due templates taken per look; the rest wait for the next tick (or the one right after). */
const BATCH = 20;

export interface ReportSchedulerDeps {
  templates: Pick<ReportTemplatesRepository, 'due' | 'claim' | 'find'>;
  generator: Pick<ReportGenerator, 'generate'>;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
  tickMs?: number;
}

/**
 * Runs periodic reports once their day, week or month has ended in their time zone. Every instance
 * ticks; a template's `next_run_at` is moved on by a guarded UPDATE (only while it still holds the
 * value read), so whichever instance moves it generates that period's report and the others skip
 * it. A report whose instance dies mid-generation is not retried: once per period at most.
 */
export const createReportScheduler = (deps: ReportSchedulerDeps) => {
  const { templates, generator, now, log } = deps;

  /** Generates every report due at `now()`; answers the ids of the generated reports. */
  const tick = async (): Promise<number[]> => {
    const generated: number[] = [];
    for (;;) {
      const at = now();
      const due = await templates.due(at, BATCH);
      let claimed = 0;
      for (const { id, nextRunAt } of due) {
        const row = await templates.find(null, id);
        if (!row || !nextRunAt || row.template.period === 'custom') continue;
        const { period, timeZone } = row.template;
        // After a pause (or downtime) only the last whole period is reported, once.
        const range = lastWholePeriod(period, timeZone, at);
        if (!(await templates.claim(id, nextRunAt, nextPeriodEnd(period, timeZone, at)))) continue;
        claimed += 1;
        try {
          generated.push((await generator.generate(id, range)).id);
        } catch (error) {
          // Recorded on the template by the generator; the next period runs regardless.
          log.error({ err: error, templateId: id }, 'periodic report failed');
        }
      }
      if (due.length < BATCH || claimed === 0) return generated;
    }
  };

  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const poke = () => {
    if (stopped || running) return;
    running = runInBackground(tick)
      .catch((error: unknown) => log.error({ err: error }, 'report scheduler tick failed'))
      .finally(() => {
        running = null;
      });
  };

  return {
    tick,
    start() {
      stopped = false;
      timer = setInterval(poke, deps.tickMs ?? REPORT_TICK_MS);
      timer.unref();
      poke();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
};

export type ReportScheduler = ReturnType<typeof createReportScheduler>;

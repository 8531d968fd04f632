import { toApiDate } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { runInBackground } from '@/lib/foreground';
import { ClaimTakenOverError, type ReportGenerator } from './report-generator';
import { lastWholePeriod, nextPeriodEnd, type ReportRange } from './report-periods';
import type { ReportTemplatesRepository } from './report-templates.repository';

/** How often due periodic reports are looked for. */
export const REPORT_TICK_MS = 60_000;
/** Due templates taken per look; the rest wait for the next tick (or the one right after). */
const BATCH = 20;
/**
 * How long a claimed period is its instance's: far longer than a generation takes, so that only a
 * period whose instance died (or hung) is claimed again.
 */
export const REPORT_LEASE_MS = 15 * 60_000;
/** Claims of one period before it is given up: a report that kills its instance must not kill all. */
export const REPORT_MAX_ATTEMPTS = 3;

export interface ReportSchedulerDeps {
  templates: Pick<
    ReportTemplatesRepository,
    'due' | 'claim' | 'find' | 'lapsed' | 'reclaim' | 'release' | 'recordOutcome'
  >;
  generator: Pick<ReportGenerator, 'generate'>;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
  tickMs?: number;
}

/**
 * Runs periodic reports once their day, week or month has ended in their time zone. Every instance
 * ticks; a template's `next_run_at` is moved on by a guarded UPDATE (only while it still holds the
 * value read), so whichever instance moves it generates that period's report and the others skip
 * it. The same UPDATE holds the period under a lease, let go of in the transaction that stores the
 * report: a period still held when its lease runs out was lost with its instance and is claimed
 * again (guarded the same way) by the next tick of any instance. A late instance cannot store its
 * report once the period was claimed again, so each period is stored and mailed once.
 */
export const createReportScheduler = (deps: ReportSchedulerDeps) => {
  const { templates, generator, now, log } = deps;

  /** Generates a claimed period's report; a failed one is let go of (it would fail again). */
  const generateClaimed = async (id: number, range: ReportRange, lease: Date) => {
    try {
      return (await generator.generate(id, range, lease)).id;
    } catch (error) {
      if (error instanceof ClaimTakenOverError) return null;
      // Recorded on the template by the generator; the next period runs regardless.
      await templates.release(id, lease);
      log.error({ err: error, templateId: id }, 'periodic report failed');
      return null;
    }
  };

  /** Claims lapsed periods again and generates them (or gives up on those tried too often). */
  const retryLapsed = async (generated: number[]) => {
    for (;;) {
      const at = now();
      const lapsed = await templates.lapsed(at, BATCH);
      let claimed = 0;
      for (const run of lapsed) {
        if (run.attempts >= REPORT_MAX_ATTEMPTS) {
          const { start, end } = run.range;
          const error =
            `The report of ${toApiDate(start)} – ${toApiDate(end)} UTC was given up: ` +
            `${run.attempts} attempts did not finish`;
          if (await templates.release(run.id, run.leaseUntil))
            await templates.recordOutcome(run.id, { error });
          continue;
        }
        const lease = new Date(at.getTime() + REPORT_LEASE_MS);
        if (!(await templates.reclaim(run.id, run.leaseUntil, lease))) continue;
        claimed += 1;
        const id = await generateClaimed(run.id, run.range, lease);
        if (id !== null) generated.push(id);
      }
      if (lapsed.length < BATCH || claimed === 0) return;
    }
  };

  /** Generates every report due at `now()`; answers the ids of the generated reports. */
  const tick = async (): Promise<number[]> => {
    const generated: number[] = [];
    await retryLapsed(generated);
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
        const lease = new Date(at.getTime() + REPORT_LEASE_MS);
        const next = nextPeriodEnd(period, timeZone, at);
        if (!(await templates.claim(id, nextRunAt, next, { range, leaseUntil: lease }))) continue;
        claimed += 1;
        const generatedId = await generateClaimed(id, range, lease);
        if (generatedId !== null) generated.push(generatedId);
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

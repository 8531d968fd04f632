import { DEVICE_TASK_MESSAGES, type TaskRecurrence } from '@netfleet/contracts';
import { Cron } from 'croner';
import { invalid } from '@/lib/api-error';

/** How many coming runs are checked for a gap shorter than the validity window. */
const GAPS_CHECKED = 24;

const cronOf = (recurrence: TaskRecurrence) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: recurrence.time_zone });
  } catch {
    throw invalid(DEVICE_TASK_MESSAGES.invalidTimeZone, 'recurrence.time_zone');
  }
  try {
    // Five fields, as the console shows them; croner would also take a leading seconds field.
    if (recurrence.cron.split(/\s+/).length !== 5) throw new Error('not five fields');
    return new Cron(recurrence.cron, { timezone: recurrence.time_zone, paused: true });
  } catch {
    throw invalid(DEVICE_TASK_MESSAGES.invalidCron, 'recurrence.cron');
  }
};

/** The first run at or after `from` (to the minute). */
export const nextOccurrence = (recurrence: TaskRecurrence, from: Date): Date | null =>
  cronOf(recurrence).nextRun(new Date(from.getTime() - 1000));

/**
 * The shortest time between the next runs from `from`: a validity window longer than it would let
 * two runs of the schedule work on the same devices at once.
 */
export const shortestGap = (recurrence: TaskRecurrence, from: Date): number => {
  const runs = cronOf(recurrence).nextRuns(GAPS_CHECKED, new Date(from.getTime() - 1000));
  let gap = Number.POSITIVE_INFINITY;
  for (let i = 1; i < runs.length; i += 1) {
    const [a, b] = [runs[i - 1], runs[i]];
    if (a && b) gap = Math.min(gap, b.getTime() - a.getTime());
  }
  return gap;
};

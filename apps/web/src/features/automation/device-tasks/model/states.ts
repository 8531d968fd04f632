import type { GroupLogState, TaskRun, TaskRunState } from '@netfleet/contracts';

/** How often live counts and logs are read again while something is still moving. */
export const LIVE_REFRESH_MS = 2000;

/** Devices are (or are about to be) working through the run's steps. */
export const isRunActive = (status: TaskRunState): boolean =>
  status === 'scheduled' || status === 'running';

/** Nothing about the run changes any more. */
export const isRunFinished = (status: TaskRunState): boolean =>
  status === 'completed' || status === 'cancelled';

/** A device's run that can still be cancelled. */
export const isGroupLogOpen = (state: GroupLogState): boolean =>
  state === 'pending' || state === 'running';

/**
 * Cancelling this run ends its schedule: a repeating run schedules the next one only when it
 * starts, so the scheduled run of a series is the series' future.
 */
export const endsSchedule = (run: Pick<TaskRun, 'recurrence' | 'status'>): boolean =>
  run.recurrence !== null && run.status === 'scheduled';

import type { GroupLogState, TaskRunState } from '@netfleet/contracts';

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

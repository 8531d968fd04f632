// English texts of the 'Action status' dialog, shared by its components and tests.
import type { StatusUpdate } from '@netfleet/contracts';

export const ACTION_STATUS_TEXTS = {
  title: 'Action status',
  close: 'Close',
  minimize: 'Minimize',
  restore: (title: string) => `Show ${title}`,
  minimizedBar: 'Minimized action status',
  waiting: 'Waiting for updates…',
  item: 'Item',
  status: 'Status',
  details: 'Details',
  expired: 'The status of this action is no longer available.',
  failed: 'Failed to get the action status',
  open: 'Open',
  download: 'Download',
  itemLabel: (item: string) => `#${item}`,
  progress: (value: number, total: number) => `${value} of ${total}`,
  summary: (done: number, total: number) => `${done} of ${total} finished`,
} as const;

export const STATUS_LABELS: Record<StatusUpdate['status'], string> = {
  started: 'Started',
  progress: 'In progress',
  warning: 'Warning',
  error: 'Error',
  completed: 'Completed',
};

export const STATUS_COLORS: Record<StatusUpdate['status'], string> = {
  started: 'blue',
  progress: 'cyan',
  warning: 'yellow',
  error: 'red',
  completed: 'green',
};

/** An item is finished once it completed or failed; warnings may still be followed by more. */
export const isFinished = (update: StatusUpdate | undefined): boolean =>
  update?.status === 'completed' || update?.status === 'error';

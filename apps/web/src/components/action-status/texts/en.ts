// English texts of the 'Action status' dialog, shared by its components and tests.
export const en = {
  actionStatus: {
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
  },
  statusLabels: {
    started: 'Started',
    progress: 'In progress',
    warning: 'Warning',
    error: 'Error',
    completed: 'Completed',
  },
} as const;

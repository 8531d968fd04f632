// English labels of the device job states, shared by every page that shows a job's state.
export const en = {
  jobStates: {
    queued: 'Queued',
    sent: 'Sent',
    running: 'Running',
    completed: 'Completed',
    failed: 'Failed',
    cancelled: 'Cancelled',
    timeout: 'Timed out',
  },
} as const;

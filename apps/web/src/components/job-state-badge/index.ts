// One look for a device job's state wherever the console shows one.
export { JobStateBadge } from './job-state-badge';
export { JOB_STATE_LABELS } from './texts';

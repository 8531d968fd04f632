import type { FirmwareUpdateCancelBody, PendingUpdate } from '@netfleet/contracts';

/** How often the pending jobs are read again while some are listed (no event says they moved). */
export const PENDING_REFRESH_MS = 5000;

/** One item per device, naming the jobs of it to cancel. */
export function cancelBody(jobs: readonly PendingUpdate[]): FirmwareUpdateCancelBody {
  const byDevice = new Map<number, number[]>();
  for (const job of jobs)
    byDevice.set(job.device_id, [...(byDevice.get(job.device_id) ?? []), job.id]);
  return { data: [...byDevice].map(([id, jobIds]) => ({ id, job_id: jobIds })) };
}

/** How far a job has got, 0–100. */
export const progressPercent = ({ value, total }: { value: number; total: number }): number =>
  total > 0 ? Math.round(Math.min(100, Math.max(0, (value / total) * 100))) : 0;

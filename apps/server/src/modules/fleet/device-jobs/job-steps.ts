import {
  type AckMessage,
  backupUploadAnswerSchema,
  OPEN_DEVICE_JOB_STATES,
  type StatusUpdate,
} from '@netfleet/contracts';
import { type BatchSelector, createBatchQueue } from '@/lib/batch-queue';
import type { JobChange, MovedJob } from '@/modules/fleet/device-jobs/job-moves.repository';
import { resultForClients } from '@/modules/fleet/device-jobs/job-secrets';

/**
 * A guarded move of one job, and the update its channel gets if the job moved: made from the
 * moved job, whose type says whether the device's answer holds secrets to mask.
 */
export interface JobStep {
  change: JobChange;
  update: (job: Pick<MovedJob, 'type'>) => StatusUpdate;
}

const OPEN = OPEN_DEVICE_JOB_STATES;

const parsedJson = (text: string | undefined): unknown => {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * The channel's words for a completed `type` job: a command's output as it is, but a structured
 * (JSON) result the device summed up in its message shows the message, for people; the result
 * stays in the job. Without a message a configuration answer is the value, its secrets masked.
 * An uploaded backup links to its file.
 */
export const completedUpdate = (ack: AckMessage, type: string): StatusUpdate => {
  const json = parsedJson(ack.result);
  const structured = typeof json === 'object' && json !== null;
  const result = resultForClients(type, ack.result ?? null);
  const value = structured && ack.message ? ack.message : (result ?? ack.message ?? 'Completed');
  const backup = backupUploadAnswerSchema.safeParse(json);
  return backup.success
    ? {
        status: 'completed',
        value: `${value}: ${backup.data.name}`,
        link: `/api/files/${backup.data.file_id}/download`,
      }
    : { status: 'completed', value };
};

/**
 * What an ack does to its job: `received` only starts a job that has not started, the others
 * apply to any open job; a finished job, or another device's, does not move and reports nothing.
 */
export const stepOfAck = (deviceId: number, ack: AckMessage, at: Date): JobStep => {
  const job = { id: ack.id, deviceId };
  const finished = { finishedAt: at, result: ack.result ?? null, message: ack.message ?? null };
  switch (ack.status) {
    case 'received':
      return {
        change: { ...job, status: 'running', from: ['queued', 'sent'], values: {} },
        update: () => ({ status: 'progress', value: ack.message ?? 'Received by the device' }),
      };
    case 'progress': {
      const progress = ack.progress ?? null;
      const message = ack.message !== undefined ? { message: ack.message } : {};
      return {
        change: { ...job, status: 'running', from: OPEN, values: { progress, ...message } },
        update: () => ({
          status: 'progress',
          value: ack.message ?? 'In progress',
          ...(progress ? { progress } : {}),
        }),
      };
    }
    case 'completed':
      return {
        change: { ...job, status: 'completed', from: OPEN, values: finished },
        update: (moved) => completedUpdate(ack, moved.type),
      };
    case 'failed':
    case 'rejected':
      return {
        change: { ...job, status: 'failed', from: OPEN, values: finished },
        update: () => ({
          status: 'error',
          value: ack.message ?? (ack.status === 'rejected' ? 'Rejected by the device' : 'Failed'),
          errorcode: ack.status.toUpperCase(),
        }),
      };
  }
};

/** A job the device says, in its hello, that it already finished. */
export const doneStep = (deviceId: number, id: number, at: Date): JobStep => ({
  change: { id, deviceId, status: 'completed', from: OPEN, values: { finishedAt: at } },
  update: () => ({ status: 'completed', value: 'Completed' }),
});

/** Most steps per batch: bounds the statement and the status batch that follows it. */
export const STEP_BATCH_MAX = 500;

/**
 * Up to `max` steps, each job's earliest: one statement moves a row once, so a job's later steps
 * (a device often sends received, progress and completed back to back) wait for the next batch.
 */
const earliestPerJob: BatchSelector<JobStep> = (waiting, max) => {
  const ids = new Set<number>();
  const batch: JobStep[] = [];
  for (const step of waiting) {
    const { id } = step.change;
    if (batch.length < max && !ids.has(id)) batch.push(step);
    ids.add(id);
  }
  return batch;
};

/**
 * Coalesces job steps (lib/batch-queue): a burst of acks from thousands of devices costs a few
 * set-based statements per batch. A job's acks apply in the order they came.
 */
export const createStepQueue = (run: (steps: JobStep[]) => Promise<void>, max = STEP_BATCH_MAX) =>
  createBatchQueue(run, { max, select: earliestPerJob });

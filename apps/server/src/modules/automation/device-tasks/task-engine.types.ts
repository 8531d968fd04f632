// The rows the task engine's statements claim and move (task-engine.repository.ts).
import type { GroupLogState, TaskLogState } from '@netfleet/contracts';
import type { RunStep } from '@/db/schema';

export interface ClaimedRun {
  id: number;
  companyPath: string;
  groupName: string;
  targets: { deviceIds: number[]; tagIds: number[]; companyIds: number[] };
  userId: number | null;
  channel: string | null;
  recurrence: { cron: string; time_zone: string } | null;
  startAt: Date;
  validUntil: Date;
}

export interface RunOfStep {
  id: number;
  companyId: number;
  userId: number | null;
  channel: string | null;
  steps: RunStep[];
  validUntil: Date;
  successTagIds: number[];
  failedTagIds: number[];
}

export interface PendingWork {
  due: boolean;
  pending: boolean;
  finished: boolean;
  active: boolean;
}

/** A device's run whose step at `stepIndex` is to start now. */
export interface DueGroupLog {
  id: number;
  runId: number;
  deviceId: number;
  model: string;
  firmware: string | null;
  stepIndex: number;
  attempt: number;
  stepsDone: number;
  anyFailed: boolean;
}

/** A running step whose job has ended. */
export interface FinishedStep {
  id: number;
  groupLogId: number;
  runId: number;
  deviceId: number;
  stepIndex: number;
  attempt: number;
  stepsDone: number;
  anyFailed: boolean;
  jobStatus: 'completed' | 'failed' | 'cancelled' | 'timeout';
  /** The device job's type: a configuration answer is logged with its secrets masked. */
  jobType: string;
  message: string | null;
  result: string | null;
}

export interface NewTaskLog {
  groupLogId: number;
  runId: number;
  deviceId: number;
  stepIndex: number;
  taskId: number;
  action: string;
  name: string;
  data: unknown;
  status: TaskLogState;
  attempt: number;
  jobId: number | null;
  message: string | null;
  finishedAt: Date | null;
}

/** How one device's run moves after a step: back to pending (next step or retry) or finished. */
export interface GroupLogMove {
  id: number;
  state: GroupLogState;
  stepIndex: number;
  attempt: number;
  stepsDone: number;
  anyFailed: boolean;
  notBefore: Date | null;
  message: string | null;
  finished: boolean;
}

export interface StepResult {
  id: number;
  status: TaskLogState;
  message: string | null;
  output: string | null;
}

import {
  acceptableCodes,
  type CommandType,
  type DeviceCapabilities,
  deviceCapabilities,
  MONITORING,
  type FileType,
  type TaskAction,
  DEVICE_TASK_MESSAGES,
  FILE_TYPES,
  FIRMWARE_FILE_TYPES,
  firmwareFits,
  TASK_PASSWORD_DEFAULT_LENGTH,
  TASK_RETRY_BASE_SECONDS,
  type TaskLogState,
  templateMisfit,
} from '@netfleet/contracts';
import type { RunStep } from '@/db/schema';
import type { DueGroupLog, GroupLogMove, NewTaskLog, RunOfStep } from './task-engine.types';

export type FirmwareArgs = (
  file: NonNullable<RunStep['file']>,
  deviceId: number,
  expiresAt: Date,
) => Record<string, unknown>;

/** The signed links steps carry: a file to download, or where to upload a backup. */
export interface StepLinks {
  firmware: FirmwareArgs;
  backup: (deviceId: number, expiresAt: Date) => Record<string, unknown>;
  /** Where a download_file step's device uploads the file at `path`. */
  deviceFile: (deviceId: number, path: string, expiresAt: Date) => Record<string, unknown>;
}

/** The kind of file a step that sends one needs. */
export const FILE_KINDS: Partial<
  Record<TaskAction, { types: readonly FileType[]; message: string }>
> = {
  firmware_update: { types: FIRMWARE_FILE_TYPES, message: DEVICE_TASK_MESSAGES.notFirmware },
  backup_restore: { types: ['config'], message: DEVICE_TASK_MESSAGES.notBackup },
  upload_file: { types: FILE_TYPES, message: DEVICE_TASK_MESSAGES.fileNotFound },
};

/** What a step sends its device, or why it cannot be sent. */
export type StepJob =
  | { kind: 'job'; type: CommandType; args: Record<string, unknown> }
  | { kind: 'monitoring'; periods: Record<string, number> }
  | { kind: 'password'; length: number; special: boolean }
  | { kind: 'unsupported'; message: string };

/** Where an upload_file step writes: a directory (ending in /) takes the file's own name. */
const targetPath = (path: string, name: string) => (path.endsWith('/') ? `${path}${name}` : path);

/** The device job a step becomes; the job lives as long as the run's validity window. */
export const jobOfStep = (
  step: RunStep,
  device: { id: number; model: string; firmware: string | null },
  validUntil: Date,
  links: StepLinks,
): StepJob => {
  const deviceId = device.id;
  switch (step.action) {
    case 'command':
      return {
        kind: 'job',
        type: 'command',
        args: {
          command: step.data.command ?? '',
          timeout: step.timeout,
          acceptable_codes: acceptableCodes(step.data),
        },
      };
    case 'reboot':
      return { kind: 'job', type: 'reboot', args: {} };
    case 'firmware_update':
      if (!step.file) return { kind: 'unsupported', message: DEVICE_TASK_MESSAGES.fileNotFound };
      if (!firmwareFits(step.file.device_model, device.model)) {
        const message = DEVICE_TASK_MESSAGES.wrongModel(step.file.device_model ?? '', device.model);
        return { kind: 'unsupported', message };
      }
      return {
        kind: 'job',
        type: 'firmware_update',
        args: {
          ...links.firmware(step.file, deviceId, validUntil),
          keep_settings: step.data.keep_settings ?? true,
        },
      };
    case 'config_apply': {
      if (!step.template) {
        return { kind: 'unsupported', message: DEVICE_TASK_MESSAGES.templateNotFound };
      }
      const misfit = templateMisfit(step.template, device);
      if (misfit) return { kind: 'unsupported', message: misfit };
      return { kind: 'job', type: 'config_set', args: { requests: step.template.requests } };
    }
    case 'monitoring_change': {
      if (!step.monitoring) {
        return { kind: 'unsupported', message: DEVICE_TASK_MESSAGES.monitoringTemplateNotFound };
      }
      // A category the device lacks may only be switched off, as PUT /devices/monitoring says.
      const capabilities = deviceCapabilities(device.model, device.firmware);
      const periods = step.monitoring.periods;
      const lacking = MONITORING.find(
        (entry) =>
          entry.compatKey !== null &&
          !capabilities[entry.compatKey as keyof DeviceCapabilities] &&
          (periods[entry.field] ?? 0) > 0,
      );
      if (lacking) {
        return {
          kind: 'unsupported',
          message: DEVICE_TASK_MESSAGES.unsupportedMonitoring(lacking.label),
        };
      }
      return { kind: 'monitoring', periods };
    }
    case 'password_change':
      return {
        kind: 'password',
        length: step.data.password_length ?? TASK_PASSWORD_DEFAULT_LENGTH,
        special: step.data.password_special ?? false,
      };
    case 'backup_export':
      return { kind: 'job', type: 'backup_export', args: links.backup(deviceId, validUntil) };
    case 'backup_restore':
      if (!step.file) return { kind: 'unsupported', message: DEVICE_TASK_MESSAGES.fileNotFound };
      return {
        kind: 'job',
        type: 'backup_restore',
        args: links.firmware(step.file, deviceId, validUntil),
      };
    case 'upload_file':
      if (!step.file) return { kind: 'unsupported', message: DEVICE_TASK_MESSAGES.fileNotFound };
      return {
        kind: 'job',
        type: 'file_put',
        args: {
          ...links.firmware(step.file, deviceId, validUntil),
          path: targetPath(step.data.target_path ?? '/', step.file.name),
        },
      };
    case 'download_file':
      return {
        kind: 'job',
        type: 'file_get',
        args: links.deviceFile(deviceId, step.data.file ?? '', validUntil),
      };
  }
};

/** How a step ended on its device. */
export type StepEnd = 'completed' | 'failed' | 'cancelled' | 'timeout';

export interface StepPosition {
  id: number;
  stepIndex: number;
  attempt: number;
  stepsDone: number;
  anyFailed: boolean;
}

export interface AfterStep {
  /** The step's log entry. */
  status: TaskLogState;
  message: string | null;
  move: GroupLogMove;
}

const EXPIRED_MESSAGE = 'The validity window closed before the device finished';

/**
 * What follows a step: the next step, a retry after back-off (30 s, 60 s, … within the window),
 * or the end of the device's run. A failed step ends the run when it stops on failure; otherwise
 * the run goes on and ends `failed`.
 */
export const afterStep = (
  position: StepPosition,
  steps: readonly RunStep[],
  end: StepEnd,
  message: string | null,
  { now, validUntil }: { now: Date; validUntil: Date },
): AfterStep => {
  const step = steps[position.stepIndex];
  const base = { ...position, notBefore: null, message, finished: true };
  if (end === 'cancelled') {
    return { status: 'cancelled', message, move: { ...base, state: 'cancelled' } };
  }
  if (end === 'timeout') {
    return {
      status: 'expired',
      message: EXPIRED_MESSAGE,
      move: { ...base, state: 'expired', message: EXPIRED_MESSAGE },
    };
  }
  const failed = end === 'failed';
  if (failed && step && position.attempt <= step.retries) {
    const delay = TASK_RETRY_BASE_SECONDS * 1000 * 2 ** (position.attempt - 1);
    const notBefore = new Date(now.getTime() + delay);
    if (notBefore < validUntil) {
      return {
        status: 'failed',
        message,
        move: {
          ...base,
          state: 'pending',
          attempt: position.attempt + 1,
          notBefore,
          finished: false,
          message: `Retry ${position.attempt} of ${step.retries} after: ${message ?? 'failure'}`,
        },
      };
    }
  }
  const stepsDone = position.stepsDone + 1;
  const anyFailed = position.anyFailed || failed;
  const next = position.stepIndex + 1;
  const stop = failed && (step?.stopOnFailure ?? true);
  if (!stop && next < steps.length) {
    return {
      status: end,
      message,
      move: {
        ...base,
        state: 'pending',
        stepIndex: next,
        attempt: 1,
        stepsDone,
        anyFailed,
        finished: false,
      },
    };
  }
  return {
    status: end,
    message,
    move: { ...base, stepsDone, anyFailed, state: anyFailed ? 'failed' : 'completed' },
  };
};

/** The task log of a step as it starts or ends on its device. */
export const newLog = (
  log: DueGroupLog,
  run: RunOfStep,
  status: NewTaskLog['status'],
  jobId: number | null,
  message: string | null,
  finishedAt: Date | null,
): NewTaskLog => {
  const step = run.steps[log.stepIndex];
  if (!step) throw new Error(`run ${run.id} has no step ${log.stepIndex}`);
  return {
    groupLogId: log.id,
    runId: run.id,
    deviceId: log.deviceId,
    stepIndex: log.stepIndex,
    taskId: step.taskId,
    action: step.action,
    name: step.name,
    data: step.data,
    status,
    attempt: log.attempt,
    jobId,
    message,
    finishedAt,
  };
};

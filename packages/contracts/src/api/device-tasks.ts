import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import { idSchema, listQuerySchema } from '../list.ts';
import { nameSchema } from '../validation.ts';
import { devicePathSchema } from '../device-files.ts';
import { DEVICE_PASSWORD_MAX_LENGTH, DEVICE_PASSWORD_MIN_LENGTH } from '../device-protocol.ts';
import { requiredIdSchema } from './companies.ts';

// Task manager: task groups (ordered steps, RMS /devices/tasks/groups), runs of a group over
// devices, tags and companies resolved when the run starts (netfleet), and the logs of each
// device's run (RMS group logs) and of each step on it (RMS task logs).

/** The password length a password_change step uses when it gives none. */
export const TASK_PASSWORD_DEFAULT_LENGTH = 16;

/** RMS's task types: every step is one of them. */
export const RMS_TASK_TYPES = ['command', 'upload_file', 'download_file'] as const;
export type RmsTaskType = (typeof RMS_TASK_TYPES)[number];

/**
 * netfleet's step actions, each within one RMS type (TASK_ACTION_TYPES). `upload_file` writes a
 * file of Files to a path on the device (`file_put`), `download_file` brings a device's file into
 * Files (`file_get`).
 */
export const TASK_ACTIONS = [
  'command',
  'reboot',
  'firmware_update',
  'config_apply',
  'backup_export',
  'backup_restore',
  'monitoring_change',
  'password_change',
  'upload_file',
  'download_file',
] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];
export const TASK_ACTION_TYPES: Record<TaskAction, RmsTaskType> = {
  command: 'command',
  reboot: 'command',
  firmware_update: 'upload_file',
  config_apply: 'upload_file',
  backup_export: 'download_file',
  backup_restore: 'upload_file',
  monitoring_change: 'command',
  password_change: 'command',
  upload_file: 'upload_file',
  download_file: 'download_file',
};

export const TASK_TIMEOUT_MAX = 300;
export const TASK_RETRIES_MAX = 5;
export const TASK_STEPS_MAX = 50;
export const TASK_GROUP_NAME_MAX_LENGTH = 255;
/** The validity window a run gets when none is given, and the longest one allowed. */
export const TASK_RUN_DEFAULT_VALIDITY_SECONDS = 24 * 60 * 60;
export const TASK_RUN_MAX_VALIDITY_SECONDS = 30 * 24 * 60 * 60;
/** Most devices one run may reach once its targets are resolved. */
export const TASK_RUN_MAX_DEVICES = 100_000;
/** Seconds before a failed step's retry: doubled per attempt (30 s, 60 s, 120 s …). */
export const TASK_RETRY_BASE_SECONDS = 30;

export const DEVICE_TASK_MESSAGES = {
  groupNotFound: 'Task group not found',
  taskNotFound: 'Task not found',
  runNotFound: 'Task run not found',
  groupLogNotFound: 'Task group log not found',
  taskLogNotFound: 'Task log not found',
  duplicateName: 'A task group with this name already exists',
  tagNotFound: 'Tag not found',
  companyNotFound: 'Company not found',
  deviceNotFound: 'Device not found',
  fileNotFound: 'File not found',
  notFirmware: 'The file is not a firmware file',
  templateNotFound: 'Configuration template not found',
  templateRequired: 'Choose a configuration template',
  backupRequired: 'Choose a backup file',
  monitoringTemplateRequired: 'Choose a monitoring template',
  monitoringTemplateNotFound: 'Monitoring template not found',
  monitoringUpdated: 'Monitoring periods updated',
  unsupportedMonitoring: (label: string) => `The device does not support ${label} monitoring`,
  notBackup: 'The file is not a configuration backup',
  taskNotInGroup: 'The task is not part of this group',
  noTargets: 'Choose at least one device, tag or company',
  noDevices: 'No device matches the chosen devices, tags and companies',
  tooManyDevices: `A run may reach at most ${TASK_RUN_MAX_DEVICES} devices`,
  startInPast: 'The start time is in the past',
  windowBeforeStart: 'The validity window must end after the start',
  windowTooLong: `The validity window may last at most ${TASK_RUN_MAX_VALIDITY_SECONDS / 86_400} days`,
  groupRunning: 'The task group has a run that has not finished; cancel it first',
  runFinished: 'The run has already finished',
  notPaused: 'Only a paused run can be resumed',
  notPausable: 'Only a scheduled or running run can be paused',
  actionTypeMismatch: (action: string, type: string) =>
    `The ${action.replaceAll('_', ' ')} step is of type ${TASK_ACTION_TYPES[action as TaskAction] ?? 'unknown'}, not ${type}`,
  commandRequired: 'Command is required',
  fileRequired: 'Choose a firmware file',
  invalidCron: 'Use a cron expression: minute hour day-of-month month day-of-week',
  invalidTimeZone: 'Unknown time zone',
  recurrenceOverlap: 'The validity window is longer than the time between two runs',
  seriesExists: 'The task group already has a recurring schedule; cancel it first',
  noNextRun: 'The recurrence has no run in the future',
  wrongModel: (fileModel: string, deviceModel: string) =>
    `The firmware file is for ${fileModel}, not ${deviceModel}`,
  targetPathRequired: 'Give the path on the device to write the file to',
  devicePathRequired: 'Give the path of the file on the device',
} as const;

/** A step's data: RMS's fields, plus the firmware update's keep_settings. */
export const taskDataSchema = z.object({
  command: z.string().trim().max(1024).optional(),
  acceptable_codes: z.array(z.number().int().min(0).max(255)).max(256).optional(),
  file_id: z.number().int().min(1).optional(),
  /** monitoring_change: the monitoring template whose periods the device gets. */
  monitoring_template_id: z.number().int().min(1).optional(),
  /** config_apply: the configuration template whose requests the device applies. */
  template_id: z.number().int().min(1).optional(),
  /**
   * upload_file: where the device writes the file (a path ending in / takes the file's name).
   * Plain text here, as steps stored before paths were checked are read back; a step's input
   * is checked with devicePathSchema.
   */
  target_path: z.string().max(1024).optional(),
  /** download_file: the device file to bring into Files (checked like target_path). */
  file: z.string().max(1024).optional(),
  keep_settings: z.boolean().optional(),
  /** password_change: each device gets a new random password of this length (the list is downloadable once). */
  password_length: z
    .number()
    .int()
    .min(DEVICE_PASSWORD_MIN_LENGTH)
    .max(DEVICE_PASSWORD_MAX_LENGTH)
    .optional(),
  /** password_change: add PASSWORD_SPECIAL_CHARACTERS to the alphabet. */
  password_special: z.boolean().optional(),
});
export type TaskData = z.infer<typeof taskDataSchema>;

const taskFields = {
  name: nameSchema({ max: TASK_GROUP_NAME_MAX_LENGTH }),
  order: z.number().int().min(0).max(10_000),
  stop_on_failure: z.boolean(),
  timeout: z.number().int().min(1).max(TASK_TIMEOUT_MAX),
};

/**
 * One step of a group as RMS creates it. `action` (netfleet) says what the step does within its
 * RMS `type`; absent, the type itself is the action. `retries` (netfleet) retries a failed step.
 */
export const taskInputSchema = z
  .object({
    ...taskFields,
    stop_on_failure: taskFields.stop_on_failure.default(true),
    type: z.enum(RMS_TASK_TYPES).optional(),
    action: z.enum(TASK_ACTIONS).optional(),
    retries: z.number().int().min(0).max(TASK_RETRIES_MAX).default(0),
    data: taskDataSchema.default({}),
  })
  .superRefine((task, ctx) => {
    const action = task.action ?? task.type ?? 'command';
    if (task.type && TASK_ACTION_TYPES[action] !== task.type) {
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: DEVICE_TASK_MESSAGES.actionTypeMismatch(action, task.type),
      });
    }
    if (action === 'command' && !task.data.command) {
      ctx.addIssue({
        code: 'custom',
        path: ['data', 'command'],
        message: DEVICE_TASK_MESSAGES.commandRequired,
      });
    }
    if (action === 'config_apply' && !task.data.template_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['data', 'template_id'],
        message: DEVICE_TASK_MESSAGES.templateRequired,
      });
    }
    if (action === 'monitoring_change' && !task.data.monitoring_template_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['data', 'monitoring_template_id'],
        message: DEVICE_TASK_MESSAGES.monitoringTemplateRequired,
      });
    }
    if (action === 'backup_restore' && !task.data.file_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['data', 'file_id'],
        message: DEVICE_TASK_MESSAGES.backupRequired,
      });
    }
    if (action === 'upload_file' && !task.data.file_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['data', 'file_id'],
        message: DEVICE_TASK_MESSAGES.fileNotFound,
      });
    }
    const checkPath = (key: 'target_path' | 'file', required: string) => {
      const value = task.data[key];
      const problem = !value
        ? required
        : devicePathSchema.safeParse(value).error?.issues[0]?.message;
      if (problem) ctx.addIssue({ code: 'custom', path: ['data', key], message: problem });
    };
    if (action === 'upload_file') checkPath('target_path', DEVICE_TASK_MESSAGES.targetPathRequired);
    if (action === 'download_file') checkPath('file', DEVICE_TASK_MESSAGES.devicePathRequired);
    if (action === 'firmware_update' && !task.data.file_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['data', 'file_id'],
        message: DEVICE_TASK_MESSAGES.fileRequired,
      });
    }
  });
export type TaskInput = z.infer<typeof taskInputSchema>;

/** Whether a firmware file made for `fileModel` (a model or its family prefix) fits a device. */
export const firmwareFits = (fileModel: string | null, deviceModel: string): boolean =>
  !fileModel || deviceModel.toUpperCase().startsWith(fileModel.toUpperCase());

/** The action a step input performs. */
export const actionOfTask = (task: Pick<TaskInput, 'action' | 'type'>): TaskAction =>
  task.action ?? task.type ?? 'command';

const tagIds = z.array(requiredIdSchema('Tag')).max(100);
const steps = z.array(taskInputSchema).min(1, 'Add at least one task').max(TASK_STEPS_MAX);

export const createTaskGroupBodySchema = z.object({
  name: nameSchema({ max: TASK_GROUP_NAME_MAX_LENGTH }),
  /** netfleet: the owning company; the caller's own company when absent. */
  company_id: requiredIdSchema('Company').optional(),
  /** Tags given to a device whose run of the group completes, or fails. */
  success_tag_id: tagIds.default([]),
  failed_tag_id: tagIds.default([]),
  tasks: steps,
});
export type CreateTaskGroupBody = z.infer<typeof createTaskGroupBodySchema>;

export const updateTaskGroupBodySchema = z.object({
  name: nameSchema({ max: TASK_GROUP_NAME_MAX_LENGTH }).optional(),
  success_tag_id: tagIds.optional(),
  failed_tag_id: tagIds.optional(),
  /** Replaces the group's steps. */
  tasks: steps.optional(),
});
export type UpdateTaskGroupBody = z.infer<typeof updateTaskGroupBodySchema>;

export const updateTaskBodySchema = z.object({
  name: taskFields.name.optional(),
  order: taskFields.order.optional(),
  stop_on_failure: taskFields.stop_on_failure.optional(),
  timeout: taskFields.timeout.optional(),
  retries: z.number().int().min(0).max(TASK_RETRIES_MAX).optional(),
  data: taskDataSchema.optional(),
});
export type UpdateTaskBody = z.infer<typeof updateTaskBodySchema>;

export const taskSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  group_name: z.string(),
  company_id: z.number().int(),
  order: z.number().int(),
  type: z.enum(RMS_TASK_TYPES),
  action: z.enum(TASK_ACTIONS),
  name: z.string(),
  data: taskDataSchema,
  timeout: z.number().int(),
  stop_on_failure: z.boolean(),
  retries: z.number().int(),
  created_at: apiDateSchema,
  updated_at: apiDateSchema,
});
export type Task = z.infer<typeof taskSchema>;

export const TASK_RUN_STATES = [
  'scheduled',
  'running',
  'paused',
  'completed',
  'cancelled',
] as const;
export type TaskRunState = (typeof TASK_RUN_STATES)[number];
export const taskRunCountsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  running: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  expired: z.number().int(),
  cancelled: z.number().int(),
});
export type TaskRunCounts = z.infer<typeof taskRunCountsSchema>;

export const taskRunTargetsSchema = z.object({
  device_id: z.array(z.number().int()),
  tag_id: z.array(z.number().int()),
  company_id: z.array(z.number().int()),
});

/** A run that repeats: cron's five fields, read in `time_zone` (the user's). */
export const taskRecurrenceSchema = z.object({
  cron: z.string().trim().min(1, DEVICE_TASK_MESSAGES.invalidCron).max(100),
  time_zone: z.string().trim().min(1).max(64).default('UTC'),
});
export type TaskRecurrence = z.infer<typeof taskRecurrenceSchema>;

export const taskRunSchema = z.object({
  id: z.number().int(),
  /** Null once the group is deleted; the run keeps its name. */
  group_id: z.number().int().nullable(),
  group_name: z.string(),
  company_id: z.number().int(),
  user_id: z.number().int().nullable(),
  status: z.enum(TASK_RUN_STATES),
  targets: taskRunTargetsSchema,
  start_at: apiDateSchema,
  valid_until: apiDateSchema,
  /** Set on every run of a recurring schedule; the next run is scheduled when one starts. */
  recurrence: taskRecurrenceSchema.nullable(),
  /** The first run of the schedule this run belongs to (its own id for the first). */
  series_id: z.number().int().nullable(),
  channel: z.string().nullable(),
  /** Why a run ended without devices, when it did. */
  message: z.string().nullable(),
  counts: taskRunCountsSchema,
  created_at: apiDateSchema,
  finished_at: apiDateSchema.nullable(),
});
export type TaskRun = z.infer<typeof taskRunSchema>;

export const taskGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  success_tag_id: z.array(z.number().int()),
  failed_tag_id: z.array(z.number().int()),
  task_count: z.number().int(),
  /** The group's newest run, with its live counts; null before the first. */
  last_run: taskRunSchema.nullable(),
  created_at: apiDateSchema,
  updated_at: apiDateSchema,
});
export type TaskGroup = z.infer<typeof taskGroupSchema>;

export const taskGroupDetailSchema = taskGroupSchema.extend({ tasks: z.array(taskSchema) });
export type TaskGroupDetail = z.infer<typeof taskGroupDetailSchema>;

export const TASK_GROUP_SORT_FIELDS = ['id', 'name', 'created_at', 'updated_at'] as const;

/** RMS's `sort` is free text: an unknown field is a 400 naming the sortable ones. */
export const rmsSort = z.string().trim().max(200).optional();

export const taskGroupListQuerySchema = listQuerySchema.extend({
  sort: rmsSort,
  company_id: idSchema.optional(),
  name: z.string().trim().max(255).optional(),
});
export type TaskGroupListQuery = z.infer<typeof taskGroupListQuerySchema>;

export const taskListQuerySchema = listQuerySchema.extend({
  sort: rmsSort,
  company_id: idSchema.optional(),
  type: z.string().trim().max(32).optional(),
  group_id: idSchema.optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

export const taskRunListQuerySchema = listQuerySchema.extend({
  group_id: idSchema.optional(),
  /** The runs of one recurring schedule (its first run's id). */
  series_id: idSchema.optional(),
  status: z.enum(TASK_RUN_STATES).optional(),
});
export type TaskRunListQuery = z.infer<typeof taskRunListQuerySchema>;

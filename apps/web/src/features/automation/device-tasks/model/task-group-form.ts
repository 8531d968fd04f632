import { z } from 'zod';
import {
  createTaskGroupBodySchema,
  TASK_ACTION_TYPES,
  TASK_ACTIONS,
  TASK_PASSWORD_DEFAULT_LENGTH,
  type Task,
  type TaskAction,
  type taskInputSchema,
} from '@netfleet/contracts';
import { TASK_TEXTS as T } from '../texts';

const DEFAULT_TIMEOUT_SECONDS = 60;
const EXIT_CODE_MAX = 255;

/** Acceptable exit codes as typed ('0, 1'); null when one is not a code. */
function parseExitCodes(text: string): number[] | null {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const parts = trimmed.split(',').map((part) => part.trim());
  if (!parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= EXIT_CODE_MAX)) return null;
  return [...new Set(parts.map(Number))];
}

// What the inputs hold: every action's data fields at once (switching the action back keeps what
// was typed), exit codes as text, an empty number input as NaN and no file as null. Only the
// command's exit codes are text to check here; the contract checks the rest once they are a step.
const stepFormSchema = z
  .object({
    name: z.string(),
    action: z.enum(TASK_ACTIONS),
    timeout: z.number().or(z.nan()),
    retries: z.number().or(z.nan()),
    stop_on_failure: z.boolean(),
    data: z.object({
      command: z.string(),
      acceptable_codes: z.string(),
      file_id: z.number().nullable(),
      template_id: z.number().nullable(),
      monitoring_template_id: z.number().nullable(),
      keep_settings: z.boolean(),
      password_length: z.number().or(z.nan()),
      password_special: z.boolean(),
      target_path: z.string(),
      file: z.string(),
    }),
  })
  .superRefine((step, ctx) => {
    if (step.action === 'command' && parseExitCodes(step.data.acceptable_codes) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['data', 'acceptable_codes'],
        message: T.exitCodesInvalid,
      });
    }
  });
type StepFormValue = z.input<typeof stepFormSchema>;
type StepData = StepFormValue['data'];
type TaskInputValue = z.input<typeof taskInputSchema>;

const optionalText = (text: string) => (text.trim() === '' ? undefined : text);

/** The data the step's action uses, as the API takes it. */
function dataOf(action: TaskAction, data: StepData): TaskInputValue['data'] {
  switch (action) {
    case 'command': {
      const codes = parseExitCodes(data.acceptable_codes) ?? [];
      return { command: data.command, acceptable_codes: codes.length > 0 ? codes : undefined };
    }
    case 'firmware_update':
      return { file_id: data.file_id ?? undefined, keep_settings: data.keep_settings };
    case 'config_apply':
      return { template_id: data.template_id ?? undefined };
    case 'backup_restore':
      return { file_id: data.file_id ?? undefined };
    case 'monitoring_change':
      return { monitoring_template_id: data.monitoring_template_id ?? undefined };
    case 'password_change':
      return { password_length: data.password_length, password_special: data.password_special };
    case 'upload_file':
      return { file_id: data.file_id ?? undefined, target_path: optionalText(data.target_path) };
    case 'download_file':
      return { file: optionalText(data.file) };
    case 'reboot':
    case 'backup_export':
      return {};
  }
}

/** A step as the API creates it: its place in the list is its order, its action gives the type. */
const toTaskInput = (step: StepFormValue, order: number): TaskInputValue => ({
  name: step.name,
  order,
  action: step.action,
  type: TASK_ACTION_TYPES[step.action],
  timeout: step.timeout,
  retries: step.retries,
  stop_on_failure: step.stop_on_failure,
  data: dataOf(step.action, step.data),
});

/**
 * The create body, its steps checked by the contract's own step schema after the inputs become
 * steps, so its messages land on the same paths (`tasks.0.data.command`) as the server's errors.
 */
export const taskGroupFormSchema = createTaskGroupBodySchema.extend({
  tasks: z
    .array(stepFormSchema)
    .transform((steps) => steps.map(toTaskInput))
    .pipe(createTaskGroupBodySchema.shape.tasks),
});
export type TaskGroupFormInput = z.input<typeof taskGroupFormSchema>;
export type TaskGroupFormValues = z.output<typeof taskGroupFormSchema>;

const EMPTY_DATA: StepData = {
  command: '',
  acceptable_codes: '',
  file_id: null,
  template_id: null,
  monitoring_template_id: null,
  keep_settings: true,
  password_length: TASK_PASSWORD_DEFAULT_LENGTH,
  password_special: false,
  target_path: '',
  file: '',
};

export const newStep = (): StepFormValue => ({
  name: '',
  action: 'command',
  timeout: DEFAULT_TIMEOUT_SECONDS,
  retries: 0,
  stop_on_failure: true,
  data: EMPTY_DATA,
});

/** A saved step in the inputs, to be edited. */
export const stepOfTask = (task: Task): StepFormValue => ({
  name: task.name,
  action: task.action,
  timeout: task.timeout,
  retries: task.retries,
  stop_on_failure: task.stop_on_failure,
  data: {
    command: task.data.command ?? '',
    acceptable_codes: (task.data.acceptable_codes ?? []).join(', '),
    file_id: task.data.file_id ?? null,
    template_id: task.data.template_id ?? null,
    monitoring_template_id: task.data.monitoring_template_id ?? null,
    keep_settings: task.data.keep_settings ?? true,
    password_length: task.data.password_length ?? TASK_PASSWORD_DEFAULT_LENGTH,
    password_special: task.data.password_special ?? false,
    target_path: task.data.target_path ?? '',
    file: task.data.file ?? '',
  },
});

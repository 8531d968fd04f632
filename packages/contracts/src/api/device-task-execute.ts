import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import { requiredIdSchema } from './companies.ts';
import {
  DEVICE_TASK_MESSAGES,
  TASK_RUN_MAX_DEVICES,
  TASK_STEPS_MAX,
  taskRecurrenceSchema,
} from './device-tasks.ts';

// Running a task group: its targets, variables, schedule and validity window; cancelling a run.

const variableSchema = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'Variable names are letters, digits and _'),
  value: z.string().max(1024),
});

/**
 * RMS: run the group on `device_id`, with `variables` per task (`{{name}}` in a command or a path
 * takes the value). netfleet: also every device with one of `tag_id` or in (the subtree of) one
 * of `company_id`, resolved when the run starts; `start_at` schedules it; `valid_until` ends the
 * window in which an offline device still gets its steps when it reconnects.
 */
export const executeTaskGroupBodySchema = z
  .object({
    device_id: z.array(requiredIdSchema('Device')).max(TASK_RUN_MAX_DEVICES).default([]),
    tag_id: z.array(requiredIdSchema('Tag')).max(100).default([]),
    company_id: z.array(requiredIdSchema('Company')).max(100).default([]),
    tasks: z
      .array(
        z.object({
          task_id: z.number().int().min(1),
          variables: z.array(variableSchema).max(50).default([]),
        }),
      )
      .max(TASK_STEPS_MAX)
      .default([]),
    start_at: apiDateSchema.optional(),
    valid_until: apiDateSchema.optional(),
    /** Repeat the run: the first at the first occurrence from start_at on, each as long. */
    recurrence: taskRecurrenceSchema.optional(),
  })
  .refine((body) => body.device_id.length + body.tag_id.length + body.company_id.length > 0, {
    message: DEVICE_TASK_MESSAGES.noTargets,
    path: ['device_id'],
  });
export type ExecuteTaskGroupBody = z.infer<typeof executeTaskGroupBodySchema>;

export const executeTaskGroupAnswerSchema = z.object({
  success: z.literal(true),
  meta: z.object({ channel: z.string(), run_id: z.number().int() }),
});

export const cancelTaskRunBodySchema = z.object({
  /** Only these devices' runs; the whole run when absent. */
  device_id: z.array(requiredIdSchema('Device')).max(TASK_RUN_MAX_DEVICES).optional(),
});
export type CancelTaskRunBody = z.infer<typeof cancelTaskRunBodySchema>;

import type { Path, UseFormSetError } from 'react-hook-form';
import { applyServerErrors } from '@/components/form-errors';
import { ApiError, isApiError } from '@/lib/api-client';
import type { TaskGroupFormInput } from './task-group-form';

const GROUP_FIELDS = [
  'name',
  'company_id',
  'success_tag_id',
  'failed_tag_id',
  'tasks',
] as const satisfies readonly Path<TaskGroupFormInput>[];

const STEP_FIELDS = [
  'name',
  'action',
  'timeout',
  'retries',
  'stop_on_failure',
  'data.command',
  'data.acceptable_codes',
  'data.file_id',
  'data.template_id',
  'data.monitoring_template_id',
  'data.keep_settings',
  'data.target_path',
  'data.file',
] as const;
type StepField = (typeof STEP_FIELDS)[number];

// 'tasks.2.data.acceptable_codes.1': the step's index, then its field (an item index dropped).
const STEP_SOURCE = /^tasks\.(\d+)\.(.+?)(?:\.\d+)?$/;

/** The input a step error belongs to; the type follows from the action, so it is the action's. */
function stepField(source: string | null, stepCount: number): Path<TaskGroupFormInput> | null {
  const match = source === null ? null : STEP_SOURCE.exec(source);
  if (!match) return null;
  const index = Number(match[1]);
  const name = match[2] === 'type' ? 'action' : match[2];
  const field = STEP_FIELDS.find((candidate): candidate is StepField => candidate === name);
  return field && index < stepCount ? `tasks.${index}.${field}` : null;
}

/**
 * Puts a failed save's messages under their inputs: a step's under that step's input (the shared
 * mapping drops the index, and with it the step), the group's under its fields. Returns the rest.
 */
export function applyTaskGroupErrors(
  error: unknown,
  stepCount: number,
  setError: UseFormSetError<TaskGroupFormInput>,
): string[] {
  if (!isApiError(error)) return applyServerErrors(error, GROUP_FIELDS, setError);
  const rest = error.errors.filter((item) => {
    const field = stepField(item.source, stepCount);
    if (field) setError(field, { type: 'server', message: item.message });
    return field === null;
  });
  if (rest.length === error.errors.length) return applyServerErrors(error, GROUP_FIELDS, setError);
  if (rest.length === 0) return [];
  const others = new ApiError(error.status, error.statusText, rest);
  return applyServerErrors(others, GROUP_FIELDS, setError);
}

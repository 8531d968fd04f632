import type { RepeatPreset } from './recurrence';
import type { RunFormInput, StartMode } from './run-form';

type RunFormField = Exclude<keyof RunFormInput, 'variables'>;

const TARGETS = { device_id: 'device_id', tag_id: 'tag_id', company_id: 'company_id' } as const;

/**
 * Which input shows an error the API names by `source`, for the schedule on screen. A repeating
 * run's window is its duration input; a refused typed cron expression goes under that input, and
 * the schedule's other refusals (a 409 on `recurrence`: the group repeats already) under the preset.
 */
export function serverFieldsOf(
  start: StartMode,
  repeat: RepeatPreset,
): Readonly<Record<string, RunFormField>> {
  if (start === 'repeat') {
    return {
      ...TARGETS,
      valid_until: 'valid_hours',
      recurrence: 'repeat',
      'recurrence.cron': repeat === 'custom' ? 'cron' : 'repeat',
      'recurrence.time_zone': 'time_zone',
    };
  }
  const fields: Record<string, RunFormField> = { ...TARGETS, valid_until: 'valid_until' };
  if (start === 'at') fields.start_at = 'start_at';
  return fields;
}

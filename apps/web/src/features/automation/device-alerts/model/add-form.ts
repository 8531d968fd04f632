import { zodResolver } from '@/components/form-errors';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  alertConfigAddDataSchema,
  DEVICE_ALERT_MESSAGES,
  type AlertConfigAddData,
  type DataLimitPeriod,
} from '@netfleet/contracts';
import { DEVICE_ALERTS_TEXTS as T } from '../texts';
import { needsOf } from './catalogue';
import { formErrorMap } from './form-error-map';

/** The add form: one `alert_config_add_data` item, in the inputs' types. */
export interface AddFormValues {
  alert_type_id: number | null;
  alert_subtype_id: number | null;
  action: 1 | 3;
  email: string;
  smtp_config_id: number | null;
  subject: string;
  delivery_retry: boolean;
  retry_count: number | null;
  retry_interval: number | null;
  message: string;
  /** Not in the body: off sends interval 0 (every event), as RMS reads it. */
  redundancy_enable: boolean;
  redundancy_interval: number | null;
  latitude: number | null;
  longitude: number | null;
  radius: number | null;
  data_limit: number | null;
  sim: 1 | 2 | null;
  period: DataLimitPeriod | null;
  starts: number | null;
  phone: string;
}

export const addFormDefaults = (email: string): AddFormValues => ({
  alert_type_id: null,
  alert_subtype_id: null,
  action: 1,
  email,
  smtp_config_id: null,
  subject: '',
  delivery_retry: false,
  retry_count: 3,
  retry_interval: 5,
  message: '',
  redundancy_enable: false,
  redundancy_interval: 5,
  latitude: null,
  longitude: null,
  radius: null,
  data_limit: null,
  sim: 1,
  period: 'month',
  starts: 1,
  phone: '',
});

const text = (value: string) => (value.trim() === '' ? null : value);

/**
 * The body item the values stand for: only what the chosen type and action use, so an input
 * filled before the type changed neither travels nor blocks the save.
 */
export function toAddItem(values: AddFormValues, deviceId: number): Record<string, unknown> {
  const needs = needsOf(values.alert_type_id, values.alert_subtype_id);
  const emails = needs.action && values.action === 1;
  const interval = values.redundancy_enable
    ? values.redundancy_interval
    : needs.redundancyRequired
      ? 0
      : null;
  return {
    device_id: deviceId,
    alert_type_id: values.alert_type_id,
    alert_subtype_id: values.alert_subtype_id,
    ...(needs.action ? { action: values.action } : {}),
    ...(emails
      ? {
          email: text(values.email.trim()),
          smtp_config_id: values.smtp_config_id,
          subject: text(values.subject),
          delivery_retry: values.delivery_retry,
          ...(values.delivery_retry
            ? { retry_count: values.retry_count, retry_interval: values.retry_interval }
            : {}),
        }
      : {}),
    message: text(values.message),
    redundancy_interval: interval,
    ...(needs.geofence
      ? { latitude: values.latitude, longitude: values.longitude, radius: values.radius }
      : {}),
    ...(needs.dataLimit
      ? {
          data_limit: values.data_limit,
          sim: values.sim,
          period: values.period,
          starts: values.starts,
        }
      : {}),
    ...(needs.phone ? { phone: text(values.phone.trim()) } : {}),
  };
}

/** The inputs on screen for these values: server errors about others go to the list. */
export function addFormFields(
  values: Pick<AddFormValues, 'alert_type_id' | 'alert_subtype_id' | 'action'>,
): (keyof AddFormValues)[] {
  const needs = needsOf(values.alert_type_id, values.alert_subtype_id);
  const emails = needs.action && values.action === 1;
  return [
    'alert_type_id',
    'alert_subtype_id',
    ...(needs.action ? (['action'] as const) : []),
    ...(emails
      ? (['email', 'smtp_config_id', 'subject', 'retry_count', 'retry_interval'] as const)
      : []),
    'message',
    'redundancy_interval',
    ...(needs.geofence ? (['latitude', 'longitude', 'radius'] as const) : []),
    ...(needs.dataLimit ? (['data_limit', 'sim', 'period', 'starts'] as const) : []),
    ...(needs.phone ? (['phone'] as const) : []),
  ];
}

// The contracts' schema words a missing field as 'email is required'; under the input itself
// the field's name says nothing.
function inFormWords(errors: FieldErrors): FieldErrors {
  for (const [field, error] of Object.entries(errors)) {
    if (error?.message === DEVICE_ALERT_MESSAGES.required(field)) error.message = T.required;
  }
  return errors;
}

const resolveItem = zodResolver(alertConfigAddDataSchema, { error: formErrorMap });

/**
 * The contracts' add schema (RMS's conditional requirements) is the form's resolver: it checks
 * the body item the values stand for, whose fields are named as the inputs are.
 */
export function addFormResolver(
  deviceId: number,
): Resolver<AddFormValues, unknown, AlertConfigAddData> {
  return async (values, context, options) => {
    const result = await resolveItem(
      toAddItem(values, deviceId) as never,
      context,
      options as never,
    );
    if (Object.keys(result.errors).length === 0)
      return { values: result.values as AlertConfigAddData, errors: {} };
    return { values: {}, errors: inFormWords(result.errors) as FieldErrors<AddFormValues> };
  };
}

import { useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useFormSubmit } from '@/components/form-submit';
import type { ApiResponse } from '@/lib/api-client';
import { devicePasswordsKeys } from '../api/keys';
import {
  batchResultOf,
  failureOf,
  itemLabels,
  type BatchResult,
  type DeviceFailure,
} from '../model/batch-result';
import type { PasswordDevice } from '../model/password-forms';
import { PASSWORD_TEXTS as T } from '../texts';

interface PasswordSubmitOptions<V extends FieldValues> {
  devices: readonly PasswordDevice[];
  request: (values: V) => Promise<ApiResponse<unknown>>;
  /** The form's inputs by the source the server names (`data.password`; the item index goes). */
  fields: Readonly<Record<string, FieldPath<V>>>;
  setFieldError: (field: FieldPath<V>, message: string) => void;
  /** Whether the values sent keep the passwords for the download. */
  downloadable: () => boolean;
  onDone: (result: BatchResult) => void;
}

/**
 * Sends a batch and hands its outcome on: 'Action status' follows the devices' jobs, the dialog
 * shows the rest (so no toast). When the server refuses every device it names each by id: those
 * are listed by name in `failures`; errors of an input go under it, the others in `errors`.
 */
export function usePasswordSubmit<V extends FieldValues>(options: PasswordSubmitOptions<V>) {
  const { devices } = options;
  const [failures, setFailures] = useState<DeviceFailure[]>([]);
  const submitter = useFormSubmit<V>({
    request: options.request,
    successMessage: false,
    stayOpen: true,
    invalidate: [devicePasswordsKeys.all],
    actionStatus: { title: T.statusTitle, itemLabels: itemLabels(devices) },
    fields: [...Object.keys(options.fields), ...devices.map((device) => String(device.id))],
    setFieldError: (source, message) => {
      const field = options.fields[source];
      if (field) options.setFieldError(field, message);
      else setFailures((current) => [...current, failureOf({ source, message }, devices)]);
    },
    onSuccess: (response) =>
      options.onDone(batchResultOf(response, devices, options.downloadable())),
  });
  const submit = (values: V) => {
    setFailures([]);
    return submitter.submit(values);
  };
  return { submit, waiting: submitter.state === 'waiting', errors: submitter.errors, failures };
}

import { z } from 'zod';
import { DEVICE_JOBS_BULK_MAX } from '@netfleet/contracts';
import type { UpdateItem } from '../api/set-updates';
import { UPDATE_TEXTS as T } from '../texts';
import { UPDATE_KINDS, type UpdateKind } from './update-kinds';

export const updateFormSchema = z.object({
  device_id: z
    .array(z.number())
    .min(1, T.devicesRequired)
    .max(DEVICE_JOBS_BULK_MAX, T.tooManyDevices(DEVICE_JOBS_BULK_MAX)),
  keep_settings: z.boolean(),
  offline: z.boolean(),
});
export type UpdateFormValues = z.infer<typeof updateFormSchema>;

export const UPDATE_FORM_DEFAULTS: UpdateFormValues = {
  device_id: [],
  keep_settings: true,
  offline: true,
};

/**
 * One body item per device. A restore always waits for offline devices (they restart into the
 * restored configuration whenever they come back) and has no settings to keep.
 */
export const updateItems = (
  kind: UpdateKind,
  fileId: number,
  values: UpdateFormValues,
): UpdateItem[] => {
  const { action } = UPDATE_KINDS[kind];
  return values.device_id.map((id) =>
    kind === 'firmware'
      ? {
          id,
          action,
          file_id: fileId,
          offline: values.offline,
          keep_settings: values.keep_settings,
        }
      : { id, action, file_id: fileId, offline: true },
  );
};

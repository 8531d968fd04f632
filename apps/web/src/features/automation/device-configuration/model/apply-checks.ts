import { templateMisfit, type ConfigTemplate } from '@netfleet/contracts';
import { ApiError, isApiError } from '@/lib/api-client';
import type { DevicePick } from '../api/get-devices';
import { CONFIG_TEXTS as T } from '../texts';

export interface Misfit {
  device: DevicePick;
  reason: string;
}

type TemplateRange = Pick<ConfigTemplate, 'device_model' | 'min_firmware' | 'max_firmware'>;

/** The devices the template's model and firmware range leave out, with why (the server's rule). */
export const misfitsOf = (template: TemplateRange, devices: readonly DevicePick[]): Misfit[] =>
  devices.flatMap((device) => {
    const reason = templateMisfit(template, {
      model: device.model ?? '',
      firmware: device.firmware,
    });
    return reason === null ? [] : [{ device, reason }];
  });

// 'device_id.2': the third device of the body.
const DEVICE_SOURCE = /^device_id\.(\d+)$/;

/**
 * The refusal of a template use with each device it points at by index named in its message
 * ('Depot router: The template is for RUTX, not RUT241'), as the picker shows the devices.
 */
export function nameDevices(
  error: unknown,
  deviceIds: readonly number[],
  names: ReadonlyMap<number, string>,
): unknown {
  if (!isApiError(error)) return error;
  const errors = error.errors.map((item) => {
    const match = item.source === null ? null : DEVICE_SOURCE.exec(item.source);
    const id = match ? deviceIds[Number(match[1])] : undefined;
    const name = id === undefined ? undefined : names.get(id);
    return name === undefined ? item : { ...item, message: T.misfit(name, item.message) };
  });
  return new ApiError(
    error.status,
    error.statusText,
    errors,
    undefined,
    error.retryAfter,
    error.data,
  );
}

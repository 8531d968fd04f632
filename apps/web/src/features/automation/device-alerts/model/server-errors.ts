import { ApiError, isApiError } from '@/lib/api-client';
import type { DeviceRef } from './device-ref';

const ITEM_PREFIX = 'data.';
const DEVICE_SOURCE = /^data\.(\d+)\.device_id$/;

/**
 * The add body's fields as the server names them: `data.0.email` arrives index-stripped
 * (`data.email`, components/form-errors), one input per field however many devices.
 */
export const itemSources = (fields: readonly string[]) =>
  fields.map((field) => `${ITEM_PREFIX}${field}`);

/** The input a stripped source names: `data.email` → `email`. */
export const inputOfSource = (source: string) =>
  source.startsWith(ITEM_PREFIX) ? source.slice(ITEM_PREFIX.length) : source;

/**
 * A device's refusal (not found, already holding the most alerts) names the body item; each item
 * is one device of the dialog, so the message names the device instead and goes to the list.
 */
export function nameDeviceErrors(error: unknown, devices: readonly DeviceRef[]): unknown {
  if (!isApiError(error)) return error;
  const errors = error.errors.map((item) => {
    const match = item.source === null ? null : DEVICE_SOURCE.exec(item.source);
    const device = match ? devices[Number(match[1])] : undefined;
    return device ? { ...item, source: null, message: `${device.name}: ${item.message}` } : item;
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

import { errorItemSchema, type ErrorItem } from '@netfleet/contracts';
import { ApiError, isApiError, type ApiResponse } from '@/lib/api-client';
import { UPDATE_TEXTS as T } from '../texts';

export interface DeviceFailure {
  /** The device's name (its id when not known here); empty for a request-wide error. */
  device: string;
  message: string;
}

/** The update endpoints name the device an error is about by its id (`source: "12"`). */
const deviceIdOf = (source: string | null): number | undefined =>
  source !== null && /^\d+$/.test(source) ? Number(source) : undefined;

const errorItems = errorItemSchema.array();

/** The `errors[]` of a 207: the devices a request that succeeded left out. */
export const partialErrorsOf = (response: ApiResponse<unknown>): ErrorItem[] => {
  const parsed = errorItems.safeParse((response as { errors?: unknown }).errors);
  return parsed.success ? parsed.data : [];
};

const deviceOf = (item: ErrorItem, names: ReadonlyMap<number, string>): string => {
  const id = deviceIdOf(item.source);
  return id === undefined ? '' : (names.get(id) ?? String(id));
};

/** Each error with the device it is about. */
export const failuresOf = (
  errors: readonly ErrorItem[],
  names: ReadonlyMap<number, string>,
): DeviceFailure[] =>
  errors.map((item) => ({ device: deviceOf(item, names), message: item.message }));

/** A refusal whose errors name devices: nothing was done, and each device says why. */
export const isDeviceRefusal = (error: unknown): error is ApiError =>
  isApiError(error) && error.errors.some((item) => deviceIdOf(item.source) !== undefined);

/**
 * A refused request with each message naming its device ('Depot router: The device is
 * offline …'), as the picker shows the devices.
 */
export function nameDevices(error: unknown, names: ReadonlyMap<number, string>): unknown {
  if (!isApiError(error)) return error;
  const errors = error.errors.map((item) => {
    const device = deviceOf(item, names);
    return device ? { ...item, message: T.deviceMessage(device, item.message) } : item;
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

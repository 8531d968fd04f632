import type { ErrorItem } from '@netfleet/contracts';
import { isApiError, type ApiResponse } from '@/lib/api-client';

export interface DeviceRef {
  id: number;
  name?: string | undefined;
}

export interface BulkFailure {
  /** The device's name (or id) when the error names one; empty for a request-wide error. */
  device: string;
  message: string;
}

export interface BulkOutcome {
  total: number;
  failures: BulkFailure[];
}

/**
 * Which device an error item is about. Device endpoints name it by id (`source: "12"`); the tag
 * endpoints by the index of the body item (`data.3`), which `itemDevice` resolves.
 */
export type SourceResolver = (source: string) => number | undefined;

export const byDeviceId: SourceResolver = (source) =>
  /^\d+$/.test(source) ? Number(source) : undefined;

export const byDataIndex =
  (itemDevice: (index: number) => number | undefined): SourceResolver =>
  (source) => {
    const match = /^data\.(\d+)/.exec(source);
    return match ? itemDevice(Number(match[1])) : undefined;
  };

function failuresOf(
  errors: readonly ErrorItem[],
  devices: readonly DeviceRef[],
  resolve: SourceResolver,
): BulkFailure[] {
  return errors.map((error) => {
    const id = error.source === null ? undefined : resolve(error.source);
    const device = devices.find((candidate) => candidate.id === id);
    const label = device ? device.name || String(device.id) : id === undefined ? '' : String(id);
    return { device: label, message: error.message };
  });
}

const errorsOf = (response: ApiResponse<unknown>): ErrorItem[] => {
  const { errors } = response as { errors?: unknown };
  return Array.isArray(errors) ? (errors as ErrorItem[]) : [];
};

/**
 * Sends a bulk device request and sorts its answer per device: a 207's `errors[]`, or a refused
 * request's error items when they name devices (nothing was done). Any other failure is thrown.
 */
export async function runBulk(
  devices: readonly DeviceRef[],
  send: () => Promise<ApiResponse<unknown>>,
  resolve: SourceResolver = byDeviceId,
): Promise<BulkOutcome> {
  try {
    const response = await send();
    return { total: devices.length, failures: failuresOf(errorsOf(response), devices, resolve) };
  } catch (error) {
    if (!isApiError(error) || error.errors.length === 0) throw error;
    const named = error.errors.some(
      (item) => item.source !== null && resolve(item.source) !== undefined,
    );
    if (!named) throw error;
    return { total: devices.length, failures: failuresOf(error.errors, devices, resolve) };
  }
}

/** Device id → name, for the 'Action status' rows. */
export const itemLabels = (devices: readonly DeviceRef[]): Record<string, string> =>
  Object.fromEntries(
    devices.map((device) => [String(device.id), device.name || String(device.id)]),
  );

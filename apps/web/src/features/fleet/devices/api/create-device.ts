import type { CreatedDevice, NewDevice } from '@netfleet/contracts';
import { api, ApiError, isApiError } from '@/lib/api-client';
import { DEVICES_PATH } from './keys';
import { DEVICE_TEXTS } from '../texts';

/** The server names a single device's fields `data.<field>`; the form's fields are plain. */
function plainSources(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const errors = error.errors.map((item) => ({
    ...item,
    source: item.source?.replace(/^data\./, '') ?? null,
  }));
  return new ApiError(error.status, error.statusText, errors, error.message);
}

/** Adds one pending device; the answer is the only place its claim secret ever shows. */
export async function createDevice(device: NewDevice): Promise<CreatedDevice> {
  try {
    const { data } = await api.post<CreatedDevice[]>(DEVICES_PATH, { body: device });
    const [created] = data;
    if (!created) throw new Error(DEVICE_TEXTS.noDeviceAdded);
    return created;
  } catch (error) {
    throw plainSources(error);
  }
}

import { useQuery } from '@tanstack/react-query';
import { configActionAnswerSchema, deviceConfigSchema, type ConfigFile } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { SERVICES_TEXTS as T } from '../texts';
import { getActionDevice, isOpenState } from './get-action-device';
import { deviceServicesKeys, READ_CONFIGURATION_PATH } from './keys';

/** How often, and how many times, the read is looked at before the device is given up on. */
export const READ_POLL_MS = 1000;
export const READ_POLL_TRIES = 45;

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

/**
 * One config of a device, read from the device itself: a configuration read (an action like any
 * other), then its device row until the device answered. A config without sections reads as
 * empty (the device answers only the sections it has).
 */
export async function readDeviceConfig(
  deviceId: number,
  config: string,
  signal?: AbortSignal,
): Promise<ConfigFile> {
  const response = await api.post<unknown>(READ_CONFIGURATION_PATH, {
    body: { device_id: deviceId, endpoints: [{ path: `/${config}` }] },
    signal,
  });
  const name = configActionAnswerSchema.parse(response).meta.action_name;
  for (let attempt = 0; attempt < READ_POLL_TRIES; attempt += 1) {
    const device = await getActionDevice(name, signal);
    if (device?.status === 'completed') {
      const values = deviceConfigSchema.safeParse(device.values ?? {});
      if (!values.success) throw new Error(T.readFailed);
      return values.data[config] ?? {};
    }
    if (device && !isOpenState(device.status)) throw new Error(device.message ?? T.readFailed);
    await wait(READ_POLL_MS, signal);
  }
  throw new Error(T.readTimeout);
}

export function useDeviceConfig(deviceId: number, config: string) {
  return useQuery({
    queryKey: deviceServicesKeys.config(deviceId, config),
    queryFn: ({ signal }) => readDeviceConfig(deviceId, config, signal),
    retry: false,
    staleTime: Infinity,
  });
}

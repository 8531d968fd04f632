import { useQuery } from '@tanstack/react-query';
import {
  OPEN_DEVICE_JOB_STATES,
  type ConfigActionDevice,
  type DeviceJobState,
} from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { ACTIONS_PATH, deviceServicesKeys } from './keys';

/** How often a device's progress is read again while it works on an action. */
export const PROGRESS_REFRESH_MS = 1500;

const OPEN: readonly DeviceJobState[] = OPEN_DEVICE_JOB_STATES;

/** The device has yet to say how it took the action. */
export const isOpenState = (status: DeviceJobState): boolean => OPEN.includes(status);

/** The one device of an action sent to one device (undefined until the server lists it). */
export async function getActionDevice(
  name: string,
  signal?: AbortSignal,
): Promise<ConfigActionDevice | null> {
  const { data } = await api.get<ConfigActionDevice[]>(
    `${ACTIONS_PATH}/${encodeURIComponent(name)}/devices`,
    { signal },
  );
  return data[0] ?? null;
}

/** The device's progress with the action, read again until it is done. */
export function useActionDevice(name: string) {
  return useQuery({
    queryKey: deviceServicesKeys.action(name),
    queryFn: ({ signal }) => getActionDevice(name, signal),
    refetchInterval: (query) => {
      const device = query.state.data;
      return device && !isOpenState(device.status) ? false : PROGRESS_REFRESH_MS;
    },
  });
}

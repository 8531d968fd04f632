import { useQuery } from '@tanstack/react-query';
import type { Device } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { deviceApiPath, deviceKeys } from './keys';

export async function getDevice(id: number | string, signal?: AbortSignal): Promise<Device> {
  const { data } = await api.get<Device>(deviceApiPath(Number(id)), { signal });
  return data;
}

/** Kept fresh by live DevicesChanged events (use-live-device), not by polling. */
export function useDevice(id: number) {
  return useQuery({
    queryKey: deviceKeys.detail(id),
    queryFn: ({ signal }) => getDevice(id, signal),
  });
}

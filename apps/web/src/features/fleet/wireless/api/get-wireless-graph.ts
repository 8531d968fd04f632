import { useQuery } from '@tanstack/react-query';
import type { DeviceWireless, WirelessGraphEntry } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { deviceWirelessGraphPath, deviceWirelessPath, wirelessKeys } from './keys';

/** A device's Wi-Fi interfaces from its latest reading (their `wlan_id`s name the graph's series). */
export async function getDeviceWireless(
  deviceId: number,
  signal?: AbortSignal,
): Promise<DeviceWireless[]> {
  return (await api.get<DeviceWireless[]>(deviceWirelessPath(deviceId), { signal })).data;
}

/** While a device lists no network yet (its Wi-Fi rows are written after its first readings). */
const EMPTY_REFETCH_MS = 15_000;

export function useDeviceWireless(deviceId: number, enabled = true) {
  return useQuery({
    queryKey: wirelessKeys.device(deviceId),
    queryFn: ({ signal }) => getDeviceWireless(deviceId, signal),
    enabled,
    refetchInterval: (query) => (query.state.data?.length === 0 ? EMPTY_REFETCH_MS : false),
  });
}

/** Clients (and traffic) of the interfaces over the last 24 hours, one entry per `wlan` asked. */
export async function getWirelessGraph(
  deviceId: number,
  wlan: readonly number[],
  signal?: AbortSignal,
): Promise<WirelessGraphEntry[]> {
  const query = { wlan: wlan.join(',') };
  return (await api.get<WirelessGraphEntry[]>(deviceWirelessGraphPath(deviceId), { query, signal }))
    .data;
}

export function useWirelessGraph(deviceId: number, wlan: readonly number[]) {
  return useQuery({
    queryKey: wirelessKeys.deviceGraph(deviceId, wlan),
    queryFn: ({ signal }) => getWirelessGraph(deviceId, wlan, signal),
    enabled: wlan.length > 0,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { HotspotActiveUsersAnswer, HotspotSession, HotspotUser } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { hotspotUsersPath, wirelessKeys, type HotspotRef } from './keys';

// Both lists are read from the device itself (the server waits for its answer): no retries and
// no background refetching, each read is a command to the device.
const DEVICE_READ = { retry: false, refetchOnWindowFocus: false, staleTime: 0 } as const;

export async function getHotspotUsers(
  hotspot: HotspotRef,
  signal?: AbortSignal,
): Promise<HotspotUser[]> {
  return (await api.get<HotspotUser[]>(hotspotUsersPath(hotspot), { signal })).data;
}

export function useHotspotUsers(hotspot: HotspotRef) {
  return useQuery({
    queryKey: wirelessKeys.hotspotUsers(hotspot),
    queryFn: ({ signal }) => getHotspotUsers(hotspot, signal),
    ...DEVICE_READ,
  });
}

export async function getHotspotSessions(
  hotspot: HotspotRef,
  signal?: AbortSignal,
): Promise<HotspotSession[]> {
  const path = `${hotspotUsersPath(hotspot)}/active`;
  // RMS's answer: the sessions are in `hotspots_active_users`, beside `success` (no `data`).
  const answer = (await api.get<never>(path, { signal })) as unknown as HotspotActiveUsersAnswer;
  return answer.hotspots_active_users;
}

export function useHotspotSessions(hotspot: HotspotRef) {
  return useQuery({
    queryKey: wirelessKeys.hotspotSessions(hotspot),
    queryFn: ({ signal }) => getHotspotSessions(hotspot, signal),
    ...DEVICE_READ,
  });
}

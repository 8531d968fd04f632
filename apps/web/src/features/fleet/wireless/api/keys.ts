import type { TableQuery } from '@/components/data-table';

export const HOTSPOTS_PATH = '/hotspots';
export const WIRELESS_PATH = '/wireless';

/** A device's hotspot, as RMS names it in /devices/{id}/hotspots/{index}. */
export interface HotspotRef {
  device_id: number;
  index: number;
}

export const hotspotUsersPath = ({ device_id, index }: HotspotRef): string =>
  `/devices/${device_id}/hotspots/${index}/users`;

/** RMS GET /devices/{id}/wireless and its graph. */
export const deviceWirelessPath = (deviceId: number): string => `/devices/${deviceId}/wireless`;
export const deviceWirelessGraphPath = (deviceId: number): string =>
  `${deviceWirelessPath(deviceId)}/graph`;

export const wirelessKeys = {
  all: ['wireless'] as const,
  hotspots: (query: TableQuery) => [...wirelessKeys.all, 'hotspots', query] as const,
  interfaces: (query: TableQuery) => [...wirelessKeys.all, 'interfaces', query] as const,
  hotspot: ({ device_id, index }: HotspotRef) =>
    [...wirelessKeys.all, 'hotspot', device_id, index] as const,
  hotspotUsers: (hotspot: HotspotRef) => [...wirelessKeys.hotspot(hotspot), 'users'] as const,
  hotspotSessions: (hotspot: HotspotRef) => [...wirelessKeys.hotspot(hotspot), 'sessions'] as const,
  device: (deviceId: number) => [...wirelessKeys.all, 'device', deviceId] as const,
  deviceGraph: (deviceId: number, wlan: readonly number[]) =>
    [...wirelessKeys.device(deviceId), 'graph', wlan.join(',')] as const,
  statusChannel: (channel: string) => [...wirelessKeys.all, 'status-channel', channel] as const,
};

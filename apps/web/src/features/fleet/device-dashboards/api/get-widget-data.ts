import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  DataUsageDay,
  Device,
  DeviceDashboardRange,
  InformationHistoryRow,
} from '@netfleet/contracts';
import { rangeQuery } from '@/components/date-range';
import { api } from '@/lib/api-client';
import { DASHBOARD_PRESETS } from '../model/ranges';
import type { Reading } from '../model/metrics';
import { dashboardKeys, devicePath } from './keys';

/** How often what the widgets show is read again while the dashboard is open. */
export const WIDGET_REFRESH_MS = 60_000;

const query = (range: DeviceDashboardRange) => ({
  ...rangeQuery({ preset: range }, DASHBOARD_PRESETS),
});

/** The device itself (the mobile page has no device page around it; facts read it too). */
export function useDashboardDevice(deviceId: number) {
  return useQuery({
    queryKey: dashboardKeys.device(deviceId),
    queryFn: async ({ signal }) => (await api.get<Device>(devicePath(deviceId), { signal })).data,
    refetchInterval: WIDGET_REFRESH_MS,
  });
}

/** The device's dynamic readings over the period (the server thins them to 1000 points). */
export function useDynamicReadings(deviceId: number, range: DeviceDashboardRange, enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.readings(deviceId, range),
    queryFn: async ({ signal }) =>
      (
        await api.get<Reading[]>(`${devicePath(deviceId)}/information/dynamic`, {
          query: query(range),
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: WIDGET_REFRESH_MS,
    enabled,
  });
}

/** Mobile data per day over the period. */
export function useDataUsage(deviceId: number, range: DeviceDashboardRange, enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.usage(deviceId, range),
    queryFn: async ({ signal }) =>
      (
        await api.get<DataUsageDay[]>(`${devicePath(deviceId)}/data-usage`, {
          query: query(range),
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: WIDGET_REFRESH_MS,
    enabled,
  });
}

/** The device's latest dynamic reading (null before its first), for current value cards. */
export function useLatestReading(deviceId: number, enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.latest(deviceId),
    queryFn: async ({ signal }): Promise<Reading | null> => {
      const rows = (
        await api.get<InformationHistoryRow[]>(`${devicePath(deviceId)}/information-history`, {
          signal,
        })
      ).data;
      return rows[0]?.readings.dynamic ?? null;
    },
    refetchInterval: WIDGET_REFRESH_MS,
    enabled,
  });
}

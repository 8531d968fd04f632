import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CategoryReadings,
  DataUsageDay,
  Device,
  ImageInfo,
  InformationHistoryRow,
  MapSettings,
  TelemetryCategory,
} from '@netfleet/contracts';
import { type DateRange, rangeQuery } from '@/components/date-range';
import { api } from '@/lib/api-client';
import type { Position } from '../model/gps';
import type { Reading } from '../model/metrics';
import { DASHBOARD_PRESETS } from '../model/ranges';
import { dashboardKeys, devicePath } from './keys';

/** How often what the widgets show is read again while the dashboard is open. */
export const WIDGET_REFRESH_MS = 60_000;
/** The most images the image widget's picker lists (the API's largest page). */
const IMAGES_LIMIT = 1000;

const query = (period: DateRange) => ({ ...rangeQuery(period, DASHBOARD_PRESETS) });

/** The device itself (the mobile page has no device page around it; facts read it too). */
export function useDashboardDevice(deviceId: number) {
  return useQuery({
    queryKey: dashboardKeys.device(deviceId),
    queryFn: async ({ signal }) => (await api.get<Device>(devicePath(deviceId), { signal })).data,
    refetchInterval: WIDGET_REFRESH_MS,
  });
}

/** The device's dynamic or IO readings over the period (the server thins them to 1000 points). */
export function useReadings(
  deviceId: number,
  type: 'dynamic' | 'io',
  period: DateRange,
  enabled = true,
) {
  return useQuery({
    queryKey: dashboardKeys.readings(deviceId, type, period),
    queryFn: async ({ signal }) =>
      (
        await api.get<Reading[]>(`${devicePath(deviceId)}/information/${type}`, {
          query: query(period),
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: WIDGET_REFRESH_MS,
    enabled,
  });
}

/** Mobile data per day over the period. */
export function useDataUsage(deviceId: number, period: DateRange, enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.usage(deviceId, period),
    queryFn: async ({ signal }) =>
      (
        await api.get<DataUsageDay[]>(`${devicePath(deviceId)}/data-usage`, {
          query: query(period),
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: WIDGET_REFRESH_MS,
    enabled,
  });
}

/** The device's GPS positions over the period. */
export function useLocations(deviceId: number, period: DateRange, enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.locations(deviceId, period),
    queryFn: async ({ signal }) =>
      (
        await api.get<Position[]>(`${devicePath(deviceId)}/locations/history`, {
          query: query(period),
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: WIDGET_REFRESH_MS,
    enabled,
  });
}

/**
 * The device's latest reading of one category (null before its first), for current value, IO
 * and GPS widgets: one request serves every category.
 */
export function useLatestReading(deviceId: number, category: TelemetryCategory, enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.latest(deviceId),
    queryFn: async ({ signal }): Promise<CategoryReadings> => {
      const rows = (
        await api.get<InformationHistoryRow[]>(`${devicePath(deviceId)}/information-history`, {
          signal,
        })
      ).data;
      return rows[0]?.readings ?? {};
    },
    select: (readings): Reading | null => readings[category] ?? null,
    refetchInterval: WIDGET_REFRESH_MS,
    enabled,
  });
}

/** MAP_TILE_URL from the server; it only changes with a restart. */
export function useMapSettings(enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.mapSettings,
    queryFn: async ({ signal }) => (await api.get<MapSettings>('/map/settings', { signal })).data,
    staleTime: Infinity,
    enabled,
  });
}

/** The company's dashboard images by name, for the image widget's picker. */
export function useCompanyImages(companyId: number, enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.images(companyId),
    queryFn: async ({ signal }) =>
      (
        await api.get<ImageInfo[]>('/images', {
          query: {
            company_id: companyId,
            type: 'device_dashboard',
            sort: 'name',
            limit: IMAGES_LIMIT,
          },
          signal,
        })
      ).data,
    enabled,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  DataUsageDay,
  InformationDatetimes,
  InformationHistoryRow,
  MapSettings,
} from '@netfleet/contracts';
import { rangeQuery, type DateRange, type RangePreset } from '@/components/date-range';
import { api } from '@/lib/api-client';
import {
  dataUsageRows,
  type InformationHistory,
  type LocationRow,
  type Reading,
} from '../model/readings';
import { deviceApiPath, deviceKeys } from './keys';

/** A user-chosen chart refresh (spec §9 refresh options); false leaves the data as loaded. */
export type RefreshMs = number | false;

/** Readings of one category over a range (the server thins them to INFORMATION_MAX_POINTS). */
export function useInformation(
  id: number,
  type: 'dynamic' | 'io' | 'gps',
  range: DateRange,
  presets: readonly RangePreset[],
  refreshMs: RefreshMs = false,
) {
  return useQuery({
    queryKey: deviceKeys.information(id, type, range),
    queryFn: async ({ signal }) =>
      (
        await api.get<Reading[]>(`${deviceApiPath(id)}/information/${type}`, {
          query: { ...rangeQuery(range, presets) },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
}

export function useDataUsage(id: number, range: DateRange, presets: readonly RangePreset[]) {
  return useQuery({
    queryKey: deviceKeys.dataUsage(id, range),
    queryFn: async ({ signal }) =>
      dataUsageRows(
        (
          await api.get<DataUsageDay[]>(`${deviceApiPath(id)}/data-usage`, {
            query: { ...rangeQuery(range, presets) },
            signal,
          })
        ).data,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useLocations(id: number, range: DateRange, presets: readonly RangePreset[]) {
  return useQuery({
    queryKey: deviceKeys.locations(id, range),
    queryFn: async ({ signal }) =>
      (
        await api.get<LocationRow[]>(`${deviceApiPath(id)}/locations/history`, {
          query: { ...rangeQuery(range, presets) },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** Times the device reported at, newest first (the history tab's picker). */
export function useHistoryDatetimes(id: number) {
  return useQuery({
    queryKey: deviceKeys.datetimes(id),
    queryFn: async ({ signal }) =>
      // RMS groups the times by day; the picker lists them all.
      (
        await api.get<InformationDatetimes[]>(
          `${deviceApiPath(id)}/information-history/datetimes`,
          { query: { limit: 100 }, signal },
        )
      ).data.flatMap((day) => day.times),
  });
}

/**
 * The latest reading of every category at `datetime` (null: now): the `readings` of RMS's
 * history row, none when the device had reported nothing by then.
 */
export function useInformationHistory(id: number, datetime: string | null) {
  return useQuery({
    queryKey: deviceKeys.history(id, datetime),
    queryFn: async ({ signal }): Promise<InformationHistory> => {
      const rows = (
        await api.get<InformationHistoryRow[]>(`${deviceApiPath(id)}/information-history`, {
          query: { datetime: datetime ?? undefined },
          signal,
        })
      ).data;
      return rows[0]?.readings ?? {};
    },
    placeholderData: keepPreviousData,
  });
}

/** MAP_TILE_URL from the server; it only changes with a restart. */
export function useMapSettings() {
  return useQuery({
    queryKey: deviceKeys.mapSettings,
    queryFn: async ({ signal }) => (await api.get<MapSettings>('/map/settings', { signal })).data,
    staleTime: Infinity,
  });
}

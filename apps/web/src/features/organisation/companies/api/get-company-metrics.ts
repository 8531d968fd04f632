import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeviceStatistics, OnlineStatistics } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { companiesKeys } from './keys';

/** The charts the metrics tab draws, counted by GET /devices/statistics. */
export const COMPANY_METRIC_CHARTS = ['status', 'model', 'firmware', 'connection_type'] as const;

/** The company's own devices counted by status, model, firmware and connection type. */
export function useCompanyDeviceCounts(companyId: number) {
  return useQuery({
    queryKey: [...companiesKeys.detail(companyId), 'device-counts'],
    queryFn: async ({ signal }) =>
      (
        await api.get<DeviceStatistics>('/devices/statistics', {
          query: { company_id: companyId, charts: COMPANY_METRIC_CHARTS },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** Online and total devices of the company alone over the server's default period. */
export function useCompanyOnline(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...companiesKeys.detail(companyId), 'online'],
    queryFn: async ({ signal }) =>
      (
        await api.get<OnlineStatistics>('/statistics/devices/online', {
          query: { company_id: companyId, include_child_companies: false },
          signal,
        })
      ).data.samples,
    enabled,
  });
}

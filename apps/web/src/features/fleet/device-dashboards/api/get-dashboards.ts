import { useQuery } from '@tanstack/react-query';
import type { DeviceDashboard } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { dashboardKeys, dashboardPath, dashboardsPath } from './keys';

/** GET /devices/{id}/dashboards: the device's dashboards, oldest first. */
export function useDashboards(deviceId: number) {
  return useQuery({
    queryKey: dashboardKeys.list(deviceId),
    queryFn: async ({ signal }) =>
      (await api.get<DeviceDashboard[]>(dashboardsPath(deviceId), { signal })).data,
  });
}

/** GET /devices/{id}/dashboards/{dashboard_id}. */
export function useDashboard(deviceId: number, id: number) {
  return useQuery({
    queryKey: dashboardKeys.detail(deviceId, id),
    queryFn: async ({ signal }) =>
      (await api.get<DeviceDashboard>(dashboardPath(deviceId, id), { signal })).data,
  });
}

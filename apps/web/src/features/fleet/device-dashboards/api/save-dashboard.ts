import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DeviceDashboard,
  DeviceDashboardCreate,
  DeviceDashboardUpdate,
} from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { dashboardKeys, dashboardPath, dashboardsPath } from './keys';

/** POST /devices/{id}/dashboards. */
export function useCreateDashboard(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DeviceDashboardCreate) =>
      (await api.post<DeviceDashboard>(dashboardsPath(deviceId), { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.ofDevice(deviceId) }),
  });
}

/**
 * PUT /devices/{id}/dashboards/{dashboard_id}: the fields sent change (`widgets` replaces the
 * list). The answer is shown at once, so a reorder does not wait for the refetch.
 */
export function useUpdateDashboard(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: DeviceDashboardUpdate }) =>
      (await api.put<DeviceDashboard>(dashboardPath(deviceId, id), { body })).data,
    onSuccess: (dashboard) => {
      queryClient.setQueryData(dashboardKeys.detail(deviceId, dashboard.id), dashboard);
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.list(deviceId) });
    },
  });
}

/** DELETE /devices/{id}/dashboards/{dashboard_id}. */
export function useDeleteDashboard(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(dashboardPath(deviceId, id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.list(deviceId) }),
  });
}

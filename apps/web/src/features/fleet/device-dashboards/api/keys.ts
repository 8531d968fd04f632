import type { DeviceDashboardRange } from '@netfleet/contracts';

export const devicePath = (deviceId: number) => `/devices/${deviceId}`;
export const dashboardsPath = (deviceId: number) => `${devicePath(deviceId)}/dashboards`;
export const dashboardPath = (deviceId: number, id: number) => `${dashboardsPath(deviceId)}/${id}`;

export const dashboardKeys = {
  all: ['device-dashboards'] as const,
  /** Everything of one device's dashboards (what a change invalidates). */
  ofDevice: (deviceId: number) => [...dashboardKeys.all, deviceId] as const,
  list: (deviceId: number) => [...dashboardKeys.ofDevice(deviceId), 'list'] as const,
  detail: (deviceId: number, id: number) =>
    [...dashboardKeys.ofDevice(deviceId), 'detail', id] as const,
  /** What the widgets read: shared by every widget of the same source and period. */
  device: (deviceId: number) => [...dashboardKeys.all, 'data', deviceId, 'device'] as const,
  readings: (deviceId: number, range: DeviceDashboardRange) =>
    [...dashboardKeys.all, 'data', deviceId, 'readings', range] as const,
  usage: (deviceId: number, range: DeviceDashboardRange) =>
    [...dashboardKeys.all, 'data', deviceId, 'usage', range] as const,
  latest: (deviceId: number) => [...dashboardKeys.all, 'data', deviceId, 'latest'] as const,
};

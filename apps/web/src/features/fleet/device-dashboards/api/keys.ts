import type { DateRange } from '@/components/date-range';

export const devicePath = (deviceId: number) => `/devices/${deviceId}`;
export const dashboardsPath = (deviceId: number) => `${devicePath(deviceId)}/dashboards`;
export const dashboardPath = (deviceId: number, id: number) => `${dashboardsPath(deviceId)}/${id}`;
/** Where the browser loads a dashboard image (the session cookie goes along). */
export const imageUrl = (id: number) => `/api/images/${id}`;

/** A period as a key part: a preset by name (its window moves with each refetch), else its dates. */
const periodKey = (period: DateRange) =>
  'preset' in period ? period.preset : `${period.from}/${period.to}`;

export const dashboardKeys = {
  all: ['device-dashboards'] as const,
  /** Everything of one device's dashboards (what a change invalidates). */
  ofDevice: (deviceId: number) => [...dashboardKeys.all, deviceId] as const,
  list: (deviceId: number) => [...dashboardKeys.ofDevice(deviceId), 'list'] as const,
  detail: (deviceId: number, id: number) =>
    [...dashboardKeys.ofDevice(deviceId), 'detail', id] as const,
  /** What the widgets read: shared by every widget of the same source and period. */
  device: (deviceId: number) => [...dashboardKeys.all, 'data', deviceId, 'device'] as const,
  readings: (deviceId: number, type: 'dynamic' | 'io', period: DateRange) =>
    [...dashboardKeys.all, 'data', deviceId, 'readings', type, periodKey(period)] as const,
  usage: (deviceId: number, period: DateRange) =>
    [...dashboardKeys.all, 'data', deviceId, 'usage', periodKey(period)] as const,
  locations: (deviceId: number, period: DateRange) =>
    [...dashboardKeys.all, 'data', deviceId, 'locations', periodKey(period)] as const,
  latest: (deviceId: number) => [...dashboardKeys.all, 'data', deviceId, 'latest'] as const,
  mapSettings: ['device-dashboards', 'map-settings'] as const,
  images: (companyId: number) => [...dashboardKeys.all, 'images', companyId] as const,
};

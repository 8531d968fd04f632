import type { TableQuery } from '@/components/data-table';
import type { DateRange } from '@/components/date-range';

export const DEVICES_PATH = '/devices';
/** The alert history (device alerts and automation events), filtered to one device here. */
export const ALERTS_PATH = '/alerts';
export const deviceApiPath = (id: number) => `${DEVICES_PATH}/${id}`;
/** PUT: device services (management credits), RMS's device credit. */
export const DEVICE_CREDIT_PATH = `${DEVICES_PATH}/credit`;
/** The resource types the user may use; `license_type=management` for device services. */
export const CREDIT_TYPES_PATH = '/credits/types';

export const deviceKeys = {
  all: ['device'] as const,
  detail: (id: number) => [...deviceKeys.all, id, 'detail'] as const,
  connectionLog: (id: number, query: TableQuery) =>
    [...deviceKeys.all, id, 'connection-log', query] as const,
  actionLog: (id: number, query: TableQuery) =>
    [...deviceKeys.all, id, 'action-log', query] as const,
  information: (id: number, type: string, range: DateRange) =>
    [...deviceKeys.all, id, 'information', type, range] as const,
  history: (id: number, datetime: string | null) =>
    [...deviceKeys.all, id, 'history', datetime] as const,
  datetimes: (id: number) => [...deviceKeys.all, id, 'datetimes'] as const,
  dataUsage: (id: number, range: DateRange) =>
    [...deviceKeys.all, id, 'data-usage', range] as const,
  locations: (id: number, range: DateRange) => [...deviceKeys.all, id, 'locations', range] as const,
  pendingUpdate: (id: number) => [...deviceKeys.all, id, 'pending-update'] as const,
  /** Every page of the device's alert history (what a new alert invalidates). */
  alertsOf: (id: number) => [...deviceKeys.all, id, 'alerts'] as const,
  alerts: (id: number, query: TableQuery) => [...deviceKeys.alertsOf(id), query] as const,
  mapSettings: ['map-settings'] as const,
};

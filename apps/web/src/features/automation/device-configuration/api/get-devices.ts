import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Device, LIST_MAX_LIMIT } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { deviceConfigurationKeys, DEVICES_PATH } from './keys';

/** What the picker needs of a device: its name, and what decides whether a template fits it. */
export type DevicePick = Pick<Device, 'id' | 'name' | 'serial' | 'model' | 'firmware'>;

const FIELDS = 'id,name,serial,model,firmware';
// Device rows are wide: ten are enough to pick from while typing narrows them.
const LIMIT = 10;

/**
 * GET /devices?id=: devices chosen elsewhere (the devices list), with what a template checks;
 * read a page of the API's largest size at a time.
 */
export function useDevicesById(ids: readonly number[]) {
  return useQuery({
    queryKey: deviceConfigurationKeys.devicesById(ids),
    queryFn: async ({ signal }) => {
      const pages: DevicePick[][] = [];
      for (let start = 0; start < ids.length; start += LIST_MAX_LIMIT) {
        const chunk = ids.slice(start, start + LIST_MAX_LIMIT);
        const { data } = await api.get<DevicePick[]>(DEVICES_PATH, {
          query: { fields: FIELDS, id: chunk.join(','), limit: chunk.length },
          signal,
        });
        pages.push(data);
      }
      return pages.flat();
    },
    enabled: ids.length > 0,
  });
}

/** GET /devices?q=: the devices matching a search. */
export function useDeviceSearch(search: string) {
  return useQuery({
    queryKey: deviceConfigurationKeys.devices(search),
    queryFn: async ({ signal }) =>
      (
        await api.get<DevicePick[]>(DEVICES_PATH, {
          query: { fields: FIELDS, limit: LIMIT, q: search || undefined },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

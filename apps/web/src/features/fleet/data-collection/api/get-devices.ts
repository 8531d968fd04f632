import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Device } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { dataCollectionKeys, DEVICES_PATH } from './keys';

/** What the pickers and tables need of a device. */
export type DevicePick = Pick<Device, 'id' | 'name'>;

const FIELDS = 'id,name';
// Ten are enough to pick from while typing narrows them.
const SEARCH_LIMIT = 10;

/** GET /devices?q=: the devices matching a search. */
export function useDeviceSearch(search: string) {
  return useQuery({
    queryKey: dataCollectionKeys.devices(search),
    queryFn: async ({ signal }) =>
      (
        await api.get<DevicePick[]>(DEVICES_PATH, {
          query: { fields: FIELDS, limit: SEARCH_LIMIT, q: search || undefined },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Device } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { deviceUpdatesKeys, DEVICES_PATH } from './keys';

/** What the picker needs of a device: its name, and its model to check the file against. */
export type DevicePick = Pick<Device, 'id' | 'name' | 'serial' | 'model'>;

const FIELDS = 'id,name,serial,model';
// Device rows are wide: ten are enough to pick from while typing narrows them.
const LIMIT = 10;

/** GET /devices?q=: the devices matching a search. */
export function useDeviceSearch(search: string) {
  return useQuery({
    queryKey: deviceUpdatesKeys.devices(search),
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

import { useQuery } from '@tanstack/react-query';
import {
  alertConfigListItemSchema,
  DEVICE_ALERT_CONFIGS_PER_DEVICE_MAX,
  type AlertConfigListItem,
} from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { CONFIGS_PATH, deviceAlertsKeys } from './keys';

/** GET /alerts-configurations?device_id=: all of a device's configs (it keeps at most 50). */
export function useDeviceConfigs(deviceId: number) {
  return useQuery({
    queryKey: deviceAlertsKeys.configsOf(deviceId),
    queryFn: async ({ signal }): Promise<AlertConfigListItem[]> => {
      const { data } = await api.get<unknown[]>(CONFIGS_PATH, {
        query: { device_id: deviceId, limit: DEVICE_ALERT_CONFIGS_PER_DEVICE_MAX },
        signal,
      });
      return data.map((item) => alertConfigListItemSchema.parse(item));
    },
  });
}

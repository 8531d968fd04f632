import { useQuery } from '@tanstack/react-query';
import { alertConfigSchema, type AlertConfig } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { configPath, deviceAlertsKeys } from './keys';

/** GET /alerts-configurations/{id}: the texts, SMTP and repeat settings the list leaves out. */
export function useConfig(id: number) {
  return useQuery({
    queryKey: deviceAlertsKeys.config(id),
    queryFn: async ({ signal }): Promise<AlertConfig> =>
      alertConfigSchema.parse((await api.get<unknown>(configPath(id), { signal })).data),
  });
}

import { useQuery } from '@tanstack/react-query';
import type { ConfigTemplate } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { deviceConfigurationKeys, TEMPLATES_PATH } from './keys';

/** One template, with its requests as saved now. */
export function useTemplate(id: number) {
  return useQuery({
    queryKey: deviceConfigurationKeys.template(id),
    queryFn: async ({ signal }) =>
      (await api.get<ConfigTemplate>(`${TEMPLATES_PATH}/${id}`, { signal })).data,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { MonitoringTemplate } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { TEMPLATES_PATH, templatesKeys } from './keys';

export async function getTemplate(id: number, signal?: AbortSignal): Promise<MonitoringTemplate> {
  const { data } = await api.get<MonitoringTemplate>(`${TEMPLATES_PATH}/${id}`, { signal });
  return data;
}

export function useTemplate(id: number) {
  return useQuery({
    queryKey: templatesKeys.detail(id),
    queryFn: ({ signal }) => getTemplate(id, signal),
  });
}

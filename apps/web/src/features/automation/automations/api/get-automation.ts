import { useQuery } from '@tanstack/react-query';
import type { Automation } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { automationPath, automationsKeys } from './keys';

export function useAutomation(id: number) {
  return useQuery({
    queryKey: automationsKeys.detail(id),
    queryFn: async ({ signal }) => (await api.get<Automation>(automationPath(id), { signal })).data,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { AutomationLogDetail } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { automationsKeys, logPath } from './keys';

/** GET /automations/{id}/logs/{evaluation_id}: the log with its actions' outcome. */
export function useAutomationLog(automationId: number, evaluationId: string) {
  return useQuery({
    queryKey: automationsKeys.log(automationId, evaluationId),
    queryFn: async ({ signal }) =>
      (await api.get<AutomationLogDetail>(logPath(automationId, evaluationId), { signal })).data,
  });
}

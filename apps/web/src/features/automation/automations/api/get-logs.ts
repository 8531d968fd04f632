import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AutomationLog } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { automationsKeys, logsPath } from './keys';

/** A log as a table row, named by its evaluation. */
export type LogRow = AutomationLog & { id: string };

/** While the tab is shown (and the browser tab visible), new evaluations appear within this. */
export const LOGS_POLL_MS = 10_000;

/** One page of the rule's evaluations, newest first. */
export function useAutomationLogs(automationId: number, query: TableQuery) {
  return useQuery({
    queryKey: automationsKeys.logs(automationId, query),
    queryFn: async ({ signal }): Promise<ListPage<LogRow>> => {
      const response = await api.get<AutomationLog[]>(logsPath(automationId), {
        query: toApiQuery(query),
        signal,
      });
      const page = toListPage(response);
      return { ...page, rows: page.rows.map((row) => ({ ...row, id: row.evaluation_id })) };
    },
    placeholderData: keepPreviousData,
    refetchInterval: LOGS_POLL_MS,
  });
}

import { useMemo } from 'react';
import type { TableQueryState } from '@/components/data-table';

/**
 * The table state with its company filter fixed to `companyId` (the company page's resources tab):
 * the list, its paging and its CSV export ask for that company only. Without a company, the state
 * as it is (the /resources pages, where the user picks the company).
 */
export function useCompanyScopedState(
  state: TableQueryState,
  param: string,
  companyId: number | undefined,
): TableQueryState {
  return useMemo(
    () =>
      companyId === undefined
        ? state
        : {
            ...state,
            query: {
              ...state.query,
              filters: { ...state.query.filters, [param]: String(companyId) },
            },
          },
    [state, param, companyId],
  );
}

import type { QueryStateOptions } from '@/components/query-state';
import { STATISTICS_TEXTS } from '../texts';

/**
 * How every statistics tab shows its query with the shared QueryState: a titled failure, the
 * range's 'no data', a full-size loader for a whole tab, and a failed refresh shows the failure
 * instead of the numbers already drawn (as the tabs always did).
 */
export const STATISTICS_QUERY_STATE: QueryStateOptions = {
  errorTitle: STATISTICS_TEXTS.loadFailed,
  emptyText: STATISTICS_TEXTS.noData,
  loaderSize: 'md',
  keepDataOnError: false,
};

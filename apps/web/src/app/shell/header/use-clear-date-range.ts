import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The date range parameters a page may carry in its URL (RMS's names and the range picker's). */
const DATE_RANGE_PARAMS = ['start_date', 'end_date', 'from', 'to'] as const;

/** Drops the date range from the current URL (spec §4 Timezone change), other parameters kept. */
export function useClearDateRange(): () => void {
  const [, setSearchParams] = useSearchParams();
  return useCallback(
    () =>
      setSearchParams(
        (params) => {
          for (const name of DATE_RANGE_PARAMS) params.delete(name);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DeviceDashboard } from '@netfleet/contracts';
import type { DateRange } from '@/components/date-range';
import { initialPeriod, periodFromParams, storePeriod, withPeriod } from '../model/period';

/**
 * The period a dashboard shows and how to change it (model/period: the URL's, else the last one
 * chosen in this browser, else the dashboard's own). A choice goes into the URL, replacing the
 * entry (the back button leaves the dashboard rather than stepping through periods), and into
 * local storage; the URL always carries the period shown, so a copied link shows the same.
 */
export function useDashboardPeriod(dashboard: Pick<DeviceDashboard, 'id' | 'range'>) {
  const [params, setParams] = useSearchParams();
  const { id, range } = dashboard;
  const [chosen, setChosen] = useState<DateRange>(() => initialPeriod(params, id, range));
  const period = periodFromParams(params) ?? chosen;
  const inUrl = periodFromParams(params) !== null;

  const choose = useCallback(
    (next: DateRange) => {
      storePeriod(id, next);
      setChosen(next);
      setParams((current) => withPeriod(current, next), { replace: true });
    },
    [id, setParams],
  );

  useEffect(() => {
    if (!inUrl) setParams((current) => withPeriod(current, chosen), { replace: true });
  }, [inUrl, chosen, setParams]);

  // A period saved in the edit dialog becomes the one shown.
  const saved = useRef(range);
  useEffect(() => {
    if (saved.current === range) return;
    saved.current = range;
    choose({ preset: range });
  }, [range, choose]);

  return [period, choose] as const;
}

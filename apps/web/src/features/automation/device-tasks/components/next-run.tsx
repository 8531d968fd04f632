import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { TaskRun } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { useNextRun } from '../api/get-next-run';
import { runSearch, TASK_MANAGER_ROUTE } from '../paths';
import { TASK_TEXTS as T } from '../texts';

/**
 * When a series runs next: a scheduled run is that next run itself; after it has started, its
 * successor (linked, so its schedule can be cancelled there), or none once the series has ended.
 */
export function NextRun({ run, seriesId }: { run: TaskRun; seriesId: number }) {
  const waiting = run.status === 'scheduled';
  const next = useNextRun(run, seriesId, !waiting);
  if (waiting) return formatDateTime(run.start_at);
  if (next.data === undefined) return T.none;
  if (next.data === null) return T.scheduleEnded;
  return (
    <Anchor
      component={Link}
      to={{ pathname: TASK_MANAGER_ROUTE, search: runSearch(next.data.id) }}
      size="sm"
    >
      {`${formatDateTime(next.data.start_at)} · ${T.runLabel(next.data.id)}`}
    </Anchor>
  );
}

import { Anchor, Code } from '@mantine/core';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { TASK_RUN_STATES, type TaskRun } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { getTaskRuns, useTaskRuns } from '../api/get-task-runs';
import { runSearch, TASK_MANAGER_ROUTE } from '../paths';
import { RUN_STATE_LABELS, TASK_TEXTS as T } from '../texts';
import { RunCounts } from './run-counts';
import { RunStatusBadge } from './state-badge';

const STATUS_OPTIONS = TASK_RUN_STATES.map((status) => ({
  value: status,
  label: RUN_STATE_LABELS[status],
}));

const runLink = (id: number) => ({ pathname: TASK_MANAGER_ROUTE, search: runSearch(id) });

const COLUMNS: DataTableColumn<TaskRun>[] = [
  {
    key: 'id',
    header: T.run,
    hideable: false,
    render: (row) => (
      // The row opens the run too: one navigation, not two.
      <Anchor
        component={Link}
        to={runLink(row.id)}
        size="sm"
        onClick={(event) => event.stopPropagation()}
      >
        {T.runLabel(row.id)}
      </Anchor>
    ),
  },
  {
    key: 'status',
    header: T.status,
    filter: { type: 'select', options: STATUS_OPTIONS },
    render: (row) => <RunStatusBadge status={row.status} />,
  },
  {
    // A series' runs share it; its scheduled one is the next, whose cancelling ends the series.
    key: 'recurrence',
    header: T.repeats,
    render: (row) => (row.recurrence ? <Code>{row.recurrence.cron}</Code> : T.none),
    csv: (row) => row.recurrence?.cron ?? '',
  },
  {
    key: 'start_at',
    header: T.startAtColumn,
    render: (row) => formatDateTime(row.start_at),
    csv: (row) => formatDateTime(row.start_at),
  },
  {
    key: 'valid_until',
    header: T.validUntil,
    render: (row) => formatDateTime(row.valid_until),
    csv: (row) => formatDateTime(row.valid_until),
  },
  {
    key: 'counts',
    header: T.progress,
    render: (row) => <RunCounts counts={row.counts} />,
    csv: false,
  },
  {
    key: 'finished_at',
    header: T.finishedAt,
    render: (row) => formatDateTime(row.finished_at),
    csv: (row) => formatDateTime(row.finished_at),
  },
];

/** A group's runs in the server's order, with their live counts; a click opens the run. */
export function RunsTable({ groupId }: { groupId: number }) {
  const navigate = useNavigate();
  const state = useTableQueryState({ columns: COLUMNS });
  const result = useTaskRuns(groupId, state.query);
  const open = useCallback((run: TaskRun) => void navigate(runLink(run.id)), [navigate]);
  return (
    <DataTable
      label={T.runs}
      tableId="task-runs"
      columns={COLUMNS}
      state={state}
      result={result}
      emptyMessage={T.noRuns}
      searchable={false}
      onRowClick={open}
      exportCsv={{
        filename: `task-group-${groupId}-runs.csv`,
        fetchPage: (query, signal) => getTaskRuns(groupId, query, signal),
      }}
    />
  );
}

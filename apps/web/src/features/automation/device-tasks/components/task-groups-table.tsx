import { Anchor, Text } from '@mantine/core';
import { IconHistory, IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { hasPermission, TASK_GROUP_SORT_FIELDS, type TaskGroup } from '@netfleet/contracts';
import { CompanyFilter } from '@/components/company-select';
import {
  DataTable,
  formatDateTime,
  RowMenu,
  useTableQueryState,
  type DataTableColumn,
  type RowMenuItem,
} from '@/components/data-table';
import { useCurrentUser } from '@/lib/current-user';
import { getTaskGroups, useTaskGroups } from '../api/get-task-groups';
import { groupRunsSearch, TASK_MANAGER_ROUTE } from '../paths';
import { TASK_TEXTS as T } from '../texts';
import { EmptyTaskGroups } from './empty-task-groups';
import { RunCounts } from './run-counts';
import { RunStatusBadge } from './state-badge';
import type { TaskGroupActions } from './use-task-group-actions';

const COMPANY_PARAM = 'company_id';
const FILTERS = { [COMPANY_PARAM]: 'text' } as const;

function menuItems(group: TaskGroup, actions: TaskGroupActions): RowMenuItem[] {
  const runs: RowMenuItem = {
    label: T.viewRuns,
    icon: <IconHistory size={14} aria-hidden />,
    onClick: () => actions.viewRuns(group),
  };
  if (!actions.allowed) return [runs];
  return [
    {
      label: T.run,
      icon: <IconPlayerPlay size={14} aria-hidden />,
      onClick: () => actions.run(group),
    },
    {
      label: T.edit,
      icon: <IconPencil size={14} aria-hidden />,
      onClick: () => actions.edit(group),
    },
    runs,
    {
      label: T.delete,
      icon: <IconTrash size={14} aria-hidden />,
      color: 'red',
      onClick: () => actions.remove(group),
    },
  ];
}

function groupColumns(actions: TaskGroupActions): DataTableColumn<TaskGroup>[] {
  return [
    {
      key: 'name',
      header: T.name,
      sortable: true,
      hideable: false,
      render: (row) => (
        <Anchor
          component={Link}
          to={{ pathname: TASK_MANAGER_ROUTE, search: groupRunsSearch(row.id) }}
          size="sm"
        >
          {row.name}
        </Anchor>
      ),
    },
    { key: 'company_name', header: T.company },
    { key: 'task_count', header: T.steps },
    {
      key: 'last_run',
      header: T.lastRun,
      render: (row) =>
        row.last_run ? (
          <RunStatusBadge status={row.last_run.status} />
        ) : (
          <Text size="sm" c="dimmed">
            {T.neverRun}
          </Text>
        ),
      csv: (row) => row.last_run?.status ?? '',
    },
    {
      key: 'progress',
      header: T.progress,
      render: (row) => row.last_run && <RunCounts counts={row.last_run.counts} />,
      csv: false,
    },
    {
      key: 'last_run_start',
      header: T.lastRunStart,
      render: (row) => formatDateTime(row.last_run?.start_at),
      csv: (row) => formatDateTime(row.last_run?.start_at),
    },
    {
      key: 'actions',
      header: T.actions,
      pinned: 'right',
      hideable: false,
      csv: false,
      width: 60,
      render: (row) => <RowMenu label={row.name} items={menuItems(row, actions)} />,
    },
  ];
}

/** Task groups with search, sort, paging and their last run's live progress. */
export function TaskGroupsTable({ actions }: { actions: TaskGroupActions }) {
  const { permissions } = useCurrentUser();
  const columns = useMemo(() => groupColumns(actions), [actions]);
  const state = useTableQueryState({
    defaultSort: 'name',
    sortFields: TASK_GROUP_SORT_FIELDS,
    columns,
    filters: FILTERS,
  });
  const result = useTaskGroups(state.query);
  const { q, offset, filters } = state.query;

  // Nothing at all yet (not just nothing matching): say what a group is and offer the first.
  if (result.data?.total === 0 && !q && offset === 0 && !filters[COMPANY_PARAM]) {
    return <EmptyTaskGroups onCreate={actions.allowed ? actions.create : undefined} />;
  }
  return (
    <DataTable
      label={T.groups}
      tableId="task-groups"
      columns={columns}
      state={state}
      result={result}
      emptyMessage={T.noMatches}
      searchPlaceholder={T.searchPlaceholder}
      filters={
        hasPermission(permissions, 'view_companies') && (
          <CompanyFilter
            value={filters[COMPANY_PARAM]}
            onChange={(value) => state.setFilter(COMPANY_PARAM, value)}
          />
        )
      }
      exportCsv={{ filename: 'task-groups.csv', fetchPage: getTaskGroups }}
    />
  );
}

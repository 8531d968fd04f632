import { Text } from '@mantine/core';
import { IconListDetails, IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import { GROUP_LOG_STATES, type TaskGroupLog, type TaskRun } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  RowMenu,
  useTableQueryState,
  type DataTableColumn,
  type RowMenuItem,
} from '@/components/data-table';
import { getGroupLogs, useGroupLogs } from '../api/get-group-logs';
import { isGroupLogOpen } from '../model/states';
import { GROUP_LOG_STATE_LABELS, TASK_TEXTS as T } from '../texts';
import { GroupLogStateBadge } from './state-badge';
import { openTaskLogs } from './task-logs-dialog';
import type { RunControls } from './use-run-controls';

const STATE_OPTIONS = GROUP_LOG_STATES.map((state) => ({
  value: state,
  label: GROUP_LOG_STATE_LABELS[state],
}));

function menuItems(row: TaskGroupLog, controls: RunControls): RowMenuItem[] {
  const items: RowMenuItem[] = [
    {
      label: T.taskLogs,
      icon: <IconListDetails size={14} aria-hidden />,
      onClick: () => openTaskLogs(row),
    },
  ];
  if (controls.allowed && isGroupLogOpen(row.state)) {
    items.push({
      label: T.cancelDevice,
      icon: <IconX size={14} aria-hidden />,
      color: 'red',
      onClick: () => controls.cancelDevice(row),
    });
  }
  return items;
}

/** The run's devices, each with its state and progress; a click shows its task logs. */
export function GroupLogsTable({ run, controls }: { run: TaskRun; controls: RunControls }) {
  const columns = useMemo<DataTableColumn<TaskGroupLog>[]>(
    () => [
      { key: 'device_name', header: T.device, hideable: false },
      {
        key: 'state',
        header: T.state,
        filter: { type: 'select', param: 'status', options: STATE_OPTIONS },
        render: (row) => <GroupLogStateBadge state={row.state} />,
      },
      {
        key: 'steps',
        header: T.stepsDone,
        render: (row) => `${row.steps_done} / ${row.steps_total}`,
        csv: (row) => `${row.steps_done}/${row.steps_total}`,
      },
      {
        key: 'message',
        header: T.message,
        render: (row) => (
          <Text size="sm" c="dimmed" lineClamp={2} maw={360}>
            {row.message ?? ''}
          </Text>
        ),
      },
      {
        key: 'updated_at',
        header: T.updatedAt,
        render: (row) => formatDateTime(row.updated_at),
        csv: (row) => formatDateTime(row.updated_at),
      },
      {
        key: 'finished_at',
        header: T.finishedAt,
        defaultHidden: true,
        render: (row) => formatDateTime(row.finished_at),
        csv: (row) => formatDateTime(row.finished_at),
      },
      {
        key: 'actions',
        header: T.actions,
        pinned: 'right',
        hideable: false,
        csv: false,
        width: 60,
        render: (row) => <RowMenu label={row.device_name} items={menuItems(row, controls)} />,
      },
    ],
    [controls],
  );
  const state = useTableQueryState({ columns });
  const result = useGroupLogs(run.id, state.query, run.status);

  return (
    <DataTable
      label={T.devices}
      tableId="task-run-devices"
      columns={columns}
      state={state}
      result={result}
      emptyMessage={T.noDeviceRuns}
      searchPlaceholder={T.searchDeviceRuns}
      onRowClick={openTaskLogs}
      exportCsv={{
        filename: `task-run-${run.id}.csv`,
        fetchPage: (query, signal) => getGroupLogs(run.id, query, signal),
      }}
    />
  );
}

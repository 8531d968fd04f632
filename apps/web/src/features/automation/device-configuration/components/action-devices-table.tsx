import { Text } from '@mantine/core';
import { useMemo } from 'react';
import type { ConfigAction, ConfigActionKind } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type BulkAction,
  type DataTableColumn,
} from '@/components/data-table';
import { JobStateBadge } from '@/components/job-state-badge';
import {
  getActionDevices,
  useActionDevices,
  type ActionDeviceRow,
} from '../api/get-action-devices';
import { canRollBack, isActionRunning } from '../model/states';
import { CONFIG_TEXTS as T } from '../texts';
import { DeviceChanges } from './device-changes';
import type { Rollback } from './use-rollback';

function deviceColumns(kind: ConfigActionKind): DataTableColumn<ActionDeviceRow>[] {
  return [
    { key: 'device_name', header: T.device, hideable: false },
    { key: 'serial', header: T.serial },
    { key: 'model', header: T.model },
    {
      key: 'status',
      header: T.status,
      render: (row) => <JobStateBadge state={row.status} />,
    },
    {
      key: 'message',
      header: T.message,
      render: (row) => (
        <Text size="sm" c="dimmed" lineClamp={3} maw={360}>
          {row.message ?? ''}
        </Text>
      ),
    },
    {
      key: 'finished_at',
      header: T.finishedAt,
      render: (row) => formatDateTime(row.finished_at),
      csv: (row) => formatDateTime(row.finished_at),
    },
    {
      key: 'changes',
      header: T.changes,
      hideable: false,
      csv: false,
      render: (row) => <DeviceChanges device={row} kind={kind} />,
    },
  ];
}

/** The action's devices with their outcome and changes; ticked ones can be rolled back. */
export function ActionDevicesTable({
  action,
  rollback,
}: {
  action: ConfigAction;
  rollback: Rollback;
}) {
  const columns = useMemo(() => deviceColumns(action.kind), [action.kind]);
  const state = useTableQueryState({ columns });
  const result = useActionDevices(action.name, state.query, isActionRunning(action));
  const bulkActions = useMemo<BulkAction<ActionDeviceRow>[]>(
    () => [
      {
        label: T.rollbackSelected,
        color: 'red',
        onClick: (rows) => rollback.rollback(rows.map((row) => row.device_id)),
      },
    ],
    [rollback],
  );

  return (
    <DataTable
      label={T.devices}
      tableId="config-action-devices"
      columns={columns}
      state={state}
      result={result}
      emptyMessage={T.noDeviceRows}
      searchable={false}
      bulkActions={canRollBack(action) ? bulkActions : undefined}
      exportCsv={{
        filename: `configuration-${action.name}.csv`,
        fetchPage: (query, signal) => getActionDevices(action.name, query, signal),
      }}
    />
  );
}

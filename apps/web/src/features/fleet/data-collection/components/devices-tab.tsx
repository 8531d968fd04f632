import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { DataCollectConfig } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type BulkAction,
  type DataTableColumn,
} from '@/components/data-table';
import { formatUptime } from '@/lib/format';
import { useAssignments, type AssignmentRow } from '../api/get-assignments';
import { DATA_COLLECTION_TEXTS as T } from '../texts';
import { openAssignDialog } from './assign-dialog';
import { EnabledBadge } from './enabled-badge';
import { useUnassign } from './use-unassign';

const COLUMNS: DataTableColumn<AssignmentRow>[] = [
  { key: 'device_name', header: T.device, hideable: false },
  {
    key: 'period',
    header: T.period,
    render: (row) => formatUptime(row.period),
  },
  {
    key: 'enabled',
    header: T.enabled,
    render: (row) => <EnabledBadge enabled={row.enabled} />,
  },
  {
    key: 'last_updated_at',
    header: T.lastDataAt,
    render: (row) => formatDateTime(row.last_updated_at) || T.none,
  },
];

/** The devices collecting the config: more are assigned in a dialog, ticked ones unassigned. */
export function DevicesTab({ config }: { config: DataCollectConfig }) {
  const state = useTableQueryState({ columns: COLUMNS });
  const result = useAssignments(config.id, state.query);
  const unassign = useUnassign({ id: config.id, name: config.config.name });
  const bulkActions = useMemo<BulkAction<AssignmentRow>[]>(
    () => [{ label: T.unassign, color: 'red', onClick: unassign }],
    [unassign],
  );

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => openAssignDialog(config)}
        >
          {T.assignDevices}
        </Button>
      </Group>
      <DataTable
        label={T.assignedTable}
        columns={COLUMNS}
        state={state}
        result={result}
        emptyMessage={T.noAssigned}
        searchable={false}
        bulkActions={bulkActions}
      />
    </Stack>
  );
}

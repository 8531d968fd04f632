import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { PendingUpdate } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type BulkAction,
  type DataTableColumn,
} from '@/components/data-table';
import { JobStateBadge } from '@/components/job-state-badge';
import { usePendingUpdates } from '../api/get-pending-updates';
import { UPDATE_KINDS, type UpdateKind } from '../model/update-kinds';
import { KIND_TEXTS, UPDATE_TEXTS as T } from '../texts';
import { JobProgress } from './job-progress';
import { useCancelJobs } from './use-cancel-jobs';

const COLUMNS: DataTableColumn<PendingUpdate>[] = [
  {
    key: 'device_name',
    header: T.device,
    hideable: false,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm">{row.device_name}</Text>
        <Text size="xs" c="dimmed">
          {row.serial}
        </Text>
      </Stack>
    ),
  },
  { key: 'file_name', header: T.file, render: (row) => row.file_name ?? T.none },
  { key: 'status', header: T.status, render: (row) => <JobStateBadge state={row.status} /> },
  { key: 'progress', header: T.progress, render: (row) => <JobProgress job={row} /> },
  { key: 'created_at', header: T.createdAt, render: (row) => formatDateTime(row.created_at) },
  { key: 'expires_at', header: T.expiresAt, render: (row) => formatDateTime(row.expires_at) },
];

/**
 * The jobs of the page's kind the devices have not finished, read again every 5 s while there
 * are any; ticked ones can be cancelled.
 */
export function PendingTable({ kind }: { kind: UpdateKind }) {
  const texts = KIND_TEXTS[kind];
  const state = useTableQueryState({ columns: COLUMNS });
  const result = usePendingUpdates(UPDATE_KINDS[kind].jobType, state.query);
  const cancel = useCancelJobs(kind);
  const bulkActions = useMemo<BulkAction<PendingUpdate>[]>(
    () => [{ label: texts.cancelSelected, color: 'red', onClick: cancel }],
    [texts, cancel],
  );
  return (
    <DataTable
      label={texts.pendingTable}
      tableId={`${kind}-pending`}
      columns={COLUMNS}
      state={state}
      result={result}
      emptyMessage={texts.noPending}
      searchable={false}
      bulkActions={bulkActions}
    />
  );
}

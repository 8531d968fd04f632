import { Stack } from '@mantine/core';
import { USER_MOVE_LOG_SORT_FIELDS, type UserMoveLog } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { useMoveLogs } from '../api/get-move-logs';
import { USERS_CHILD_PARENTS } from '../components/breadcrumbs';
import { PageHeader } from '../components/page-header';

const columns: DataTableColumn<UserMoveLog>[] = [
  {
    key: 'created_at',
    header: 'Date',
    sortable: true,
    render: (row) => formatDateTime(row.created_at),
  },
  { key: 'user_email', header: 'User', sortable: true, searchable: true },
  { key: 'from_company_name', header: 'From company', sortable: true, searchable: true },
  { key: 'to_company_name', header: 'To company', sortable: true, searchable: true },
  { key: 'moved_by_email', header: 'Moved by' },
];

export function MoveLogsPage() {
  const state = useTableQueryState({
    defaultSort: '-created_at',
    sortFields: USER_MOVE_LOG_SORT_FIELDS,
    columns,
  });
  const result = useMoveLogs(state.query);
  return (
    <Stack gap="md">
      <PageHeader title="User move logs" parents={USERS_CHILD_PARENTS} />
      <DataTable
        label="User move logs"
        columns={columns}
        state={state}
        result={result}
        emptyMessage="No user moves found"
        searchPlaceholder="Search by user or company"
      />
    </Stack>
  );
}

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
import { USERS_TEXTS } from '../texts';

const T = USERS_TEXTS.moveLogs;

const columns: DataTableColumn<UserMoveLog>[] = [
  {
    key: 'created_at',
    header: T.date,
    sortable: true,
    render: (row) => formatDateTime(row.created_at),
  },
  { key: 'user_email', header: T.user, sortable: true, searchable: true },
  { key: 'from_company_name', header: T.fromCompany, sortable: true, searchable: true },
  { key: 'to_company_name', header: T.toCompany, sortable: true, searchable: true },
  { key: 'moved_by_email', header: T.movedBy },
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
      <PageHeader title={T.title} parents={USERS_CHILD_PARENTS} />
      <DataTable
        label={T.tableLabel}
        columns={columns}
        state={state}
        result={result}
        emptyMessage={T.empty}
        searchPlaceholder={T.searchPlaceholder}
      />
    </Stack>
  );
}

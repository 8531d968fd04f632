import { Badge, Stack } from '@mantine/core';
import type { ImpersonationLog } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { useImpersonationLogs } from '../api/get-impersonation-logs';
import { USERS_CHILD_PARENTS } from '../components/breadcrumbs';
import { PageHeader } from '../components/page-header';
import { USERS_TEXTS } from '../texts';

const T = USERS_TEXTS.impersonationLogs;

const SORT_FIELDS = ['started_at', 'ended_at'] as const;

const columns: DataTableColumn<ImpersonationLog>[] = [
  {
    key: 'started_at',
    header: T.started,
    sortable: true,
    render: (row) => formatDateTime(row.started_at),
  },
  { key: 'impersonator_email', header: T.impersonator },
  { key: 'user_email', header: T.impersonatedUser },
  { key: 'company_name', header: T.company },
  {
    key: 'ended_at',
    header: T.ended,
    sortable: true,
    render: (row) =>
      row.ended_at === null ? (
        <Badge color="green" variant="light">
          {T.active}
        </Badge>
      ) : (
        formatDateTime(row.ended_at)
      ),
  },
  { key: 'ip', header: T.ip },
];

export function ImpersonationLogsPage() {
  const state = useTableQueryState({ defaultSort: '-started_at', sortFields: SORT_FIELDS });
  const result = useImpersonationLogs(state.query);
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

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

const SORT_FIELDS = ['started_at', 'ended_at'] as const;

const columns: DataTableColumn<ImpersonationLog>[] = [
  {
    key: 'started_at',
    header: 'Started',
    sortable: true,
    render: (row) => formatDateTime(row.started_at),
  },
  { key: 'impersonator_email', header: 'Impersonator' },
  { key: 'user_email', header: 'Impersonated user' },
  { key: 'company_name', header: 'Company' },
  {
    key: 'ended_at',
    header: 'Ended',
    sortable: true,
    render: (row) =>
      row.ended_at === null ? (
        <Badge color="green" variant="light">
          Active
        </Badge>
      ) : (
        formatDateTime(row.ended_at)
      ),
  },
  { key: 'ip', header: 'IP address' },
];

export function ImpersonationLogsPage() {
  const state = useTableQueryState({ defaultSort: '-started_at', sortFields: SORT_FIELDS });
  const result = useImpersonationLogs(state.query);
  return (
    <Stack gap="md">
      <PageHeader title="Impersonation logs" parents={USERS_CHILD_PARENTS} />
      <DataTable
        label="Impersonation logs"
        columns={columns}
        state={state}
        result={result}
        emptyMessage="No impersonation logs found"
        searchPlaceholder="Search by e-mail or company"
      />
    </Stack>
  );
}

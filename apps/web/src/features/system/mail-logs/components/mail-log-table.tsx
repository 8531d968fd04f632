import { useState } from 'react';
import { Text } from '@mantine/core';
import { MAIL_LOG_SORT_FIELDS, MAIL_LOG_STATUSES, type MailLog } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { useMailLogs } from '../api/get-mail-logs';
import { MailLogModal } from './mail-log-modal';
import { MailLogStatusBadge } from './mail-log-status-badge';
import { MailLogStatusFilter } from './mail-log-status-filter';

const FILTERS = { status: MAIL_LOG_STATUSES };

const columns: DataTableColumn<MailLog>[] = [
  {
    key: 'created_at',
    header: 'Date',
    sortable: true,
    render: (row) => formatDateTime(row.created_at),
  },
  { key: 'to', header: 'To', sortable: true },
  { key: 'subject', header: 'Subject', sortable: true },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    render: (row) => <MailLogStatusBadge status={row.status} />,
  },
  {
    key: 'error',
    header: 'Error',
    render: (row) => (
      <Text size="sm" c="red" lineClamp={2}>
        {row.error}
      </Text>
    ),
  },
];

/** Every mail sent, failed or kept, with its secrets redacted. */
export function MailLogTable() {
  const state = useTableQueryState({
    defaultSort: '-created_at',
    sortFields: MAIL_LOG_SORT_FIELDS,
    filters: FILTERS,
  });
  const result = useMailLogs(state.query);
  const [opened, setOpened] = useState<MailLog | null>(null);
  return (
    <>
      <DataTable
        label="Mail logs"
        columns={columns}
        state={state}
        result={result}
        emptyMessage="No mail logs found"
        searchPlaceholder="Search by recipient or subject"
        filters={
          <MailLogStatusFilter
            value={state.query.filters.status}
            onChange={(status) => state.setFilter('status', status)}
          />
        }
        onRowClick={setOpened}
      />
      <MailLogModal log={opened} onClose={() => setOpened(null)} />
    </>
  );
}

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
import { MAIL_LOGS_TEXTS as T } from '../texts';
import { MailLogModal } from './mail-log-modal';
import { MailLogStatusBadge } from './mail-log-status-badge';
import { MailLogStatusFilter } from './mail-log-status-filter';

const FILTERS = { status: MAIL_LOG_STATUSES };

const columns: DataTableColumn<MailLog>[] = [
  {
    key: 'created_at',
    header: T.date,
    sortable: true,
    render: (row) => formatDateTime(row.created_at),
  },
  { key: 'to', header: T.to, sortable: true },
  { key: 'subject', header: T.subject, sortable: true },
  {
    key: 'status',
    header: T.status,
    sortable: true,
    render: (row) => <MailLogStatusBadge status={row.status} />,
  },
  {
    key: 'error',
    header: T.error,
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
        label={T.title}
        columns={columns}
        state={state}
        result={result}
        emptyMessage={T.emptyLogs}
        searchPlaceholder={T.search}
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

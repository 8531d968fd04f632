import { useState } from 'react';
import { Alert } from '@mantine/core';
import {
  OUTBOX_MAX_MESSAGES,
  OUTBOX_RETENTION_DAYS,
  OUTBOX_SORT_FIELDS,
  type OutboxMail,
} from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { useOutbox } from '../api/get-outbox';
import { MAIL_LOGS_TEXTS as T } from '../texts';
import { OutboxMailModal } from './outbox-mail-modal';

export const OUTBOX_NOTE = T.outboxNote(OUTBOX_RETENTION_DAYS, OUTBOX_MAX_MESSAGES);

const columns: DataTableColumn<OutboxMail>[] = [
  {
    key: 'created_at',
    header: T.date,
    sortable: true,
    render: (row) => formatDateTime(row.created_at),
  },
  { key: 'to', header: T.to, sortable: true },
  { key: 'subject', header: T.subject, sortable: true },
];

export function OutboxTable() {
  const state = useTableQueryState({ defaultSort: '-created_at', sortFields: OUTBOX_SORT_FIELDS });
  const result = useOutbox(state.query);
  const [opened, setOpened] = useState<OutboxMail | null>(null);
  return (
    <>
      <Alert color="blue" variant="light" mb="md">
        {OUTBOX_NOTE}
      </Alert>
      <DataTable
        label={T.outboxTab}
        columns={columns}
        state={state}
        result={result}
        emptyMessage={T.emptyOutbox}
        searchPlaceholder={T.search}
        onRowClick={setOpened}
      />
      <OutboxMailModal mail={opened} onClose={() => setOpened(null)} />
    </>
  );
}

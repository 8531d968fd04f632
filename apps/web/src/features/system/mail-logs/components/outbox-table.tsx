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
import { OutboxMailModal } from './outbox-mail-modal';

export const OUTBOX_NOTE =
  'Mail netfleet did not send because no mail server (SMTP_URL) is configured, in full with its ' +
  'links and codes, for you to hand on. Only super admins see it; it keeps the last ' +
  `${OUTBOX_RETENTION_DAYS} days, at most ${OUTBOX_MAX_MESSAGES} messages.`;

const columns: DataTableColumn<OutboxMail>[] = [
  {
    key: 'created_at',
    header: 'Date',
    sortable: true,
    render: (row) => formatDateTime(row.created_at),
  },
  { key: 'to', header: 'To', sortable: true },
  { key: 'subject', header: 'Subject', sortable: true },
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
        label="Outbox"
        columns={columns}
        state={state}
        result={result}
        emptyMessage="No unsent mail"
        searchPlaceholder="Search by recipient or subject"
        onRowClick={setOpened}
      />
      <OutboxMailModal mail={opened} onClose={() => setOpened(null)} />
    </>
  );
}

import { Badge } from '@mantine/core';
import type { EmailConfiguration } from '@netfleet/contracts';
import { formatDateTime, type DataTableColumn } from '@/components/data-table';
import { EMAIL_SMTP_TEXTS as TEXTS } from '../texts';
import { SmtpRowActions, type SmtpRowHandlers } from './smtp-row-actions';

const yesNo = (value: boolean) => (
  <Badge variant="light" color={value ? 'green' : 'gray'}>
    {value ? TEXTS.yes : TEXTS.no}
  </Badge>
);

/** Static columns, also given to useTableQueryState for the searchable fields. */
export const EMAIL_SMTP_COLUMNS: DataTableColumn<EmailConfiguration>[] = [
  { key: 'name', header: TEXTS.name, sortable: true, searchable: true, hideable: false },
  { key: 'company_name', header: TEXTS.company, sortable: true },
  { key: 'host', header: TEXTS.host, sortable: true, searchable: true },
  { key: 'port', header: TEXTS.port, sortable: true },
  { key: 'secure', header: TEXTS.secure, render: (row) => yesNo(row.secure) },
  { key: 'email', header: TEXTS.emailColumn, sortable: true, searchable: true },
  { key: 'username', header: TEXTS.username, searchable: true },
  { key: 'has_password', header: TEXTS.passwordColumn, render: (row) => yesNo(row.has_password) },
  {
    key: 'created_at',
    header: TEXTS.createdAt,
    sortable: true,
    render: (row) => formatDateTime(row.created_at),
  },
];

export function emailSmtpColumns(handlers: SmtpRowHandlers): DataTableColumn<EmailConfiguration>[] {
  return [
    ...EMAIL_SMTP_COLUMNS,
    {
      key: 'actions',
      pinned: 'right',
      header: TEXTS.actions,
      width: 80,
      hideable: false,
      csv: false,
      render: (row) => <SmtpRowActions configuration={row} handlers={handlers} />,
    },
  ];
}

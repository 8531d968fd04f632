import { Badge } from '@mantine/core';
import { USER_SORT_FIELDS, type User } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { useCompanyUsers } from '../api/get-company-users';
import { COMPANY_TEXTS } from '../texts';

const columns: DataTableColumn<User>[] = [
  { key: 'email', header: COMPANY_TEXTS.email, sortable: true, searchable: true, hideable: false },
  { key: 'username', header: COMPANY_TEXTS.username, sortable: true, searchable: true },
  { key: 'role_title', header: COMPANY_TEXTS.role, sortable: true },
  {
    key: 'mfa_type',
    header: COMPANY_TEXTS.mfa,
    render: (row) => row.mfa_type ?? COMPANY_TEXTS.none,
  },
  {
    key: 'email_verified',
    header: COMPANY_TEXTS.emailVerified,
    render: (row) => (
      <Badge variant="light" color={row.email_verified ? 'green' : 'gray'}>
        {row.email_verified ? COMPANY_TEXTS.yes : COMPANY_TEXTS.no}
      </Badge>
    ),
  },
  {
    key: 'created_at',
    header: COMPANY_TEXTS.createdAt,
    sortable: true,
    render: (row) => formatDateTime(row.created_at),
  },
];

/** Sub tab `users/table`: the users of this company only (GET /users?company_id=). */
export function CompanyUsersTable({ companyId }: { companyId: number }) {
  const state = useTableQueryState({ defaultSort: 'email', sortFields: USER_SORT_FIELDS, columns });
  const result = useCompanyUsers(companyId, state.query);
  return (
    <DataTable
      label={COMPANY_TEXTS.usersTable}
      tableId="company-users"
      columns={columns}
      state={state}
      result={result}
      emptyMessage={COMPANY_TEXTS.noUsers}
      searchPlaceholder={COMPANY_TEXTS.searchUsers}
    />
  );
}

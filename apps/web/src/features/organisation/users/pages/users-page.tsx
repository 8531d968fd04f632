import { Badge, Button, Stack } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import {
  hasPermission,
  truncateRoleName,
  USER_SORT_FIELDS,
  type CurrentUser,
  type User,
} from '@netfleet/contracts';
import { CompanyFilter } from '@/components/company-select';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type BulkAction,
  type DataTableColumn,
} from '@/components/data-table';
import { openFormDialog } from '@/components/schema-form';
import { useCurrentUser } from '@/lib/current-user';
import { useUsers } from '../api/get-users';
import { USERS_PARENTS } from '../components/breadcrumbs';
import { openMoveUsersDialog } from '../components/open-move-users-dialog';
import { PageHeader } from '../components/page-header';
import { RoleFilter } from '../components/role-filter';
import { UserRowMenu } from '../components/user-row-menu';
import { inviteUserForm } from '../forms/invite-user';
import { USERS_TEXTS } from '../texts';

const T = USERS_TEXTS.usersPage;

const MFA_LABELS: Record<NonNullable<User['mfa_type']>, string> = T.mfaTypes;

const mfaLabel = (user: User) => (user.mfa_type ? MFA_LABELS[user.mfa_type] : T.mfaOff);
const yesNo = (value: boolean) => (value ? T.yes : T.no);

// Role and company are filtered through the toolbar (their options come from the server).
const FILTERS = { role: 'text', company_id: 'text' } as const;

const columns: DataTableColumn<User>[] = [
  { key: 'email', header: T.columns.email, sortable: true, searchable: true, hideable: false },
  { key: 'username', header: T.columns.username, sortable: true, searchable: true },
  { key: 'company_name', header: T.columns.company, sortable: true },
  {
    key: 'role_title',
    header: T.columns.role,
    sortable: true,
    render: (row) => truncateRoleName(row.role_title),
  },
  { key: 'mfa_type', header: T.columns.mfa, render: mfaLabel, csv: mfaLabel },
  {
    key: 'email_verified',
    header: T.columns.emailVerified,
    render: (row) => (
      <Badge color={row.email_verified ? 'green' : 'gray'} variant="light">
        {yesNo(row.email_verified)}
      </Badge>
    ),
    csv: (row) => yesNo(row.email_verified),
  },
  {
    key: 'sso_admin',
    header: T.columns.ssoAdministrator,
    render: (row) =>
      row.sso_admin ? (
        <Badge color="violet" variant="light">
          {T.ssoAdmin}
        </Badge>
      ) : null,
    csv: (row) => yesNo(row.sso_admin),
  },
  {
    key: 'created_at',
    header: T.columns.created,
    sortable: true,
    render: (row) => formatDateTime(row.created_at),
  },
  {
    key: 'actions',
    pinned: 'right',
    header: T.columns.actions,
    render: (row) => <UserRowMenu user={row} />,
    csv: false,
    hideable: false,
  },
];

function bulkActionsFor(user: CurrentUser): BulkAction<User>[] | undefined {
  if (!hasPermission(user.permissions, 'manage_users')) return undefined;
  return [{ label: T.moveToCompany, onClick: (rows) => openMoveUsersDialog(rows) }];
}

export function UsersPage() {
  const user = useCurrentUser();
  const state = useTableQueryState({
    defaultSort: 'email',
    sortFields: USER_SORT_FIELDS,
    columns,
    filters: FILTERS,
  });
  const result = useUsers(state.query);
  const { filters } = state.query;
  const canInvite = hasPermission(user.permissions, 'invite_users');
  // Invites go into the company the list shows, if it shows one.
  const inviteInto = /^\d+$/.test(filters.company_id ?? '')
    ? Number(filters.company_id)
    : user.company_id;

  return (
    <Stack gap="md">
      <PageHeader
        title={T.title}
        parents={USERS_PARENTS}
        actions={
          canInvite && (
            <Button
              leftSection={<IconUserPlus size={16} />}
              onClick={() =>
                openFormDialog(inviteUserForm, { initialValues: { company_id: inviteInto } })
              }
            >
              {T.inviteUser}
            </Button>
          )
        }
      />
      <DataTable
        label={T.tableLabel}
        tableId="users"
        columns={columns}
        state={state}
        result={result}
        emptyMessage={T.empty}
        searchPlaceholder={T.searchPlaceholder}
        bulkActions={bulkActionsFor(user)}
        exportCsv={{ filename: 'users.csv', endpoint: '/users' }}
        filters={
          <>
            {hasPermission(user.permissions, 'view_roles') && (
              <RoleFilter value={filters.role} onChange={(id) => state.setFilter('role', id)} />
            )}
            {hasPermission(user.permissions, 'view_companies') && (
              <CompanyFilter
                value={filters.company_id}
                onChange={(id) => state.setFilter('company_id', id)}
              />
            )}
          </>
        }
      />
    </Stack>
  );
}

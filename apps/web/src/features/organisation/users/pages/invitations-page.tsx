import { Button, Stack } from '@mantine/core';
import { IconBuildingPlus, IconUserPlus } from '@tabler/icons-react';
import {
  hasPermission,
  INVITATION_SORT_FIELDS,
  INVITATION_STATUSES,
  truncateRoleName,
  type Invitation,
} from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { openFormDialog } from '@/components/schema-form';
import { useCurrentUser } from '@/lib/current-user';
import { useInvitations } from '../api/get-invitations';
import { USERS_CHILD_PARENTS } from '../components/breadcrumbs';
import {
  INVITATION_STATUS_LABELS,
  InvitationStatusBadge,
} from '../components/invitation-status-badge';
import { InvitationRowMenu } from '../components/invitation-row-menu';
import { PageHeader } from '../components/page-header';
import { RoleFilter } from '../components/role-filter';
import { inviteNewCompanyForm } from '../forms/invite-new-company';
import { inviteUserForm } from '../forms/invite-user';
import { USERS_TEXTS } from '../texts';

const T = USERS_TEXTS.invitationsPage;

const STATUS_OPTIONS = INVITATION_STATUSES.map((status) => ({
  value: status,
  label: INVITATION_STATUS_LABELS[status],
}));

const FILTERS = { role: 'text' } as const;

const columns: DataTableColumn<Invitation>[] = [
  { key: 'email', header: T.columns.email, sortable: true, searchable: true, hideable: false },
  { key: 'company_name', header: T.columns.company, sortable: true, searchable: true },
  {
    key: 'role_title',
    header: T.columns.role,
    sortable: true,
    render: (row) => truncateRoleName(row.role_title),
  },
  { key: 'invited_by_email', header: T.columns.invitedBy },
  {
    key: 'status',
    header: T.columns.status,
    sortable: true,
    filter: { type: 'select', options: STATUS_OPTIONS },
    render: (row) => <InvitationStatusBadge status={row.status} />,
  },
  {
    key: 'created_at',
    header: T.columns.created,
    sortable: true,
    render: (row) => formatDateTime(row.created_at),
  },
  {
    key: 'expires_at',
    header: T.columns.expires,
    sortable: true,
    render: (row) => formatDateTime(row.expires_at),
  },
  {
    key: 'actions',
    pinned: 'right',
    header: T.columns.actions,
    render: (row) => <InvitationRowMenu invitation={row} />,
    csv: false,
    hideable: false,
  },
];

export function InvitationsPage() {
  const user = useCurrentUser();
  const state = useTableQueryState({
    defaultSort: '-created_at',
    sortFields: INVITATION_SORT_FIELDS,
    columns,
    filters: FILTERS,
  });
  const result = useInvitations(state.query);
  const can = (permission: 'invite_users' | 'manage_companies' | 'view_roles') =>
    hasPermission(user.permissions, permission);

  return (
    <Stack gap="md">
      <PageHeader
        title={T.title}
        parents={USERS_CHILD_PARENTS}
        actions={
          <>
            {can('invite_users') && (
              <Button
                leftSection={<IconUserPlus size={16} />}
                onClick={() =>
                  openFormDialog(inviteUserForm, {
                    initialValues: { company_id: user.company_id },
                  })
                }
              >
                {T.inviteUser}
              </Button>
            )}
            {can('invite_users') && can('manage_companies') && (
              <Button
                variant="light"
                leftSection={<IconBuildingPlus size={16} />}
                onClick={() => openFormDialog(inviteNewCompanyForm)}
              >
                {T.inviteNewCompany}
              </Button>
            )}
          </>
        }
      />
      <DataTable
        label={T.tableLabel}
        tableId="invitations"
        columns={columns}
        state={state}
        result={result}
        emptyMessage={T.empty}
        searchPlaceholder={T.searchPlaceholder}
        filters={
          can('view_roles') && (
            <RoleFilter
              value={state.query.filters.role}
              onChange={(id) => state.setFilter('role', id)}
            />
          )
        }
      />
    </Stack>
  );
}

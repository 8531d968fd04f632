import { Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  hasPermission,
  pathForRouteName,
  ROLE_NAME_MAX_LENGTH,
  ROLE_SORT_FIELDS,
  truncateRoleName,
  type Role,
} from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { DataTable, useTableQueryState, type DataTableColumn } from '@/components/data-table';
import { useCurrentUser } from '@/lib/current-user';
import { useRoles } from '../api/get-roles';
import { openRoleEditor } from '../components/open-role-editor';
import { openRolePermissionsDialog } from '../components/role-permissions-dialog';
import { RoleRowMenu } from '../components/role-row-menu';

const TYPE_OPTIONS = [
  { value: 'default', label: 'Default' },
  { value: 'custom', label: 'Custom' },
];

const TITLE = 'Roles & Permissions';

function RoleTitle({ role }: { role: Role }) {
  const title = truncateRoleName(role.title);
  const text = <Text size="sm">{title}</Text>;
  return role.title.length > ROLE_NAME_MAX_LENGTH ? (
    <Tooltip label={role.title} multiline maw={400}>
      {text}
    </Tooltip>
  ) : (
    text
  );
}

const columns: DataTableColumn<Role>[] = [
  {
    key: 'title',
    header: 'Title',
    sortable: true,
    searchable: true,
    hideable: false,
    render: (row) => <RoleTitle role={row} />,
  },
  { key: 'name', header: 'Name', sortable: true, searchable: true },
  {
    key: 'company_name',
    header: 'Company',
    sortable: true,
    filter: { type: 'select', options: TYPE_OPTIONS, param: 'type' },
    render: (row) =>
      row.is_default ? (
        <Badge variant="light" color="gray">
          Default
        </Badge>
      ) : (
        row.company_name
      ),
    csv: (row) => row.company_name ?? 'Default',
  },
  { key: 'permissions_count', header: 'Permissions' },
  {
    key: 'description',
    header: 'Description',
    searchable: true,
    render: (row) => (
      <Text size="sm" lineClamp={2}>
        {row.description}
      </Text>
    ),
  },
  {
    key: 'actions',
    pinned: 'right',
    header: 'Actions',
    render: (row) => <RoleRowMenu role={row} />,
    csv: false,
    hideable: false,
  },
];

export function RolesPage() {
  const { permissions } = useCurrentUser();
  // Default roles first in their fixed order, then custom ones by title: the server's order.
  const state = useTableQueryState({ sortFields: ROLE_SORT_FIELDS, columns });
  const result = useRoles(state.query);
  const canViewPermissions = hasPermission(permissions, 'view_permissions');
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <PageBreadcrumbs
          items={[
            { label: 'Administration' },
            { label: 'Users', to: pathForRouteName('users.list') },
            { label: TITLE },
          ]}
        />
        <Group justify="space-between" gap="sm">
          <Title order={2}>{TITLE}</Title>
          {hasPermission(permissions, 'manage_roles') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => openRoleEditor()}>
              New role
            </Button>
          )}
        </Group>
      </Stack>
      <DataTable
        label="Roles"
        tableId="roles"
        columns={columns}
        state={state}
        result={result}
        emptyMessage="No roles found"
        searchPlaceholder="Search by title, name or description"
        onRowClick={canViewPermissions ? openRolePermissionsDialog : undefined}
      />
    </Stack>
  );
}

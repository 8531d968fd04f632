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
import { ROLE_TEXTS } from '../texts';

const TYPE_OPTIONS = [
  { value: 'default', label: ROLE_TEXTS.types.default },
  { value: 'custom', label: ROLE_TEXTS.types.custom },
];

const TITLE = ROLE_TEXTS.title;

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
    header: ROLE_TEXTS.columns.title,
    sortable: true,
    searchable: true,
    hideable: false,
    render: (row) => <RoleTitle role={row} />,
  },
  { key: 'name', header: ROLE_TEXTS.columns.name, sortable: true, searchable: true },
  {
    key: 'company_name',
    header: ROLE_TEXTS.columns.company,
    sortable: true,
    filter: { type: 'select', options: TYPE_OPTIONS, param: 'type' },
    render: (row) =>
      row.is_default ? (
        <Badge variant="light" color="gray">
          {ROLE_TEXTS.types.default}
        </Badge>
      ) : (
        row.company_name
      ),
    csv: (row) => row.company_name ?? ROLE_TEXTS.types.default,
  },
  { key: 'permissions_count', header: ROLE_TEXTS.columns.permissions },
  {
    key: 'description',
    header: ROLE_TEXTS.columns.description,
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
    header: ROLE_TEXTS.columns.actions,
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
            { label: ROLE_TEXTS.administration },
            { label: ROLE_TEXTS.users, to: pathForRouteName('users.list') },
            { label: TITLE },
          ]}
        />
        <Group justify="space-between" gap="sm">
          <Title order={2}>{TITLE}</Title>
          {hasPermission(permissions, 'manage_roles') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => openRoleEditor()}>
              {ROLE_TEXTS.newRole}
            </Button>
          )}
        </Group>
      </Stack>
      <DataTable
        label={ROLE_TEXTS.rolesLabel}
        tableId="roles"
        columns={columns}
        state={state}
        result={result}
        emptyMessage={ROLE_TEXTS.empty}
        searchPlaceholder={ROLE_TEXTS.searchPlaceholder}
        onRowClick={canViewPermissions ? openRolePermissionsDialog : undefined}
      />
    </Stack>
  );
}

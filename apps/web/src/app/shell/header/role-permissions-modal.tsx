import { Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { isPermission, PERMISSION_CATALOGUE } from '@netfleet/contracts';

/** The signed-in user's role permissions (spec §2: role title clickable with view_permissions). */
export function RolePermissionsTable({ permissions }: { permissions: readonly string[] }) {
  const { t } = useTranslation();
  if (permissions.length === 0) return <Text c="dimmed">{t('header.noPermissions')}</Text>;
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('header.permission')}</Table.Th>
          <Table.Th>{t('header.description')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {permissions.map((permission) => (
          <Table.Tr key={permission}>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {permission}
              </Text>
            </Table.Td>
            <Table.Td>{isPermission(permission) ? PERMISSION_CATALOGUE[permission] : ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function openRolePermissionsModal(title: string, permissions: readonly string[]): void {
  modals.open({ title, size: 'lg', children: <RolePermissionsTable permissions={permissions} /> });
}

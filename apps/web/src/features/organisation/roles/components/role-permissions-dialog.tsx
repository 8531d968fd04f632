import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { truncateRoleName, type Role } from '@netfleet/contracts';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { isApiError } from '@/lib/api-client';
import { useRolePermissions } from '../api/get-role-permissions';
import { ROLE_TEXTS } from '../texts';
import { RolePermissionTable } from './role-permission-table';

/** The read-only permission table of a role, loaded from GET /roles/{id}/permissions. */
export function RolePermissionsView({ roleId }: { roleId: number }) {
  const permissions = useRolePermissions(roleId);
  if (permissions.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={ROLE_TEXTS.loadingPermissions} />
      </Center>
    );
  }
  if (permissions.isError) {
    const { error } = permissions;
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" variant="light" role="alert">
          {isApiError(error) ? error.message : ROLE_TEXTS.loadFailed}
        </Alert>
        <Button variant="light" size="xs" onClick={() => void permissions.refetch()}>
          {ROLE_TEXTS.retry}
        </Button>
      </Stack>
    );
  }
  return <RolePermissionTable value={permissions.data} />;
}

/** A role's permission table (roles page, and the account menu's role title). */
export function rolePermissionsDialog(role: Pick<Role, 'id' | 'title'>): DialogOptions {
  return {
    id: 'roles.permissions',
    title: truncateRoleName(role.title),
    subtitle: ROLE_TEXTS.permissionsLabel,
    size: 'lg',
    maximizable: true,
    content: <RolePermissionsView roleId={role.id} />,
  };
}

export function openRolePermissionsDialog(role: Pick<Role, 'id' | 'title'>): void {
  dialogs.open(rolePermissionsDialog(role));
}

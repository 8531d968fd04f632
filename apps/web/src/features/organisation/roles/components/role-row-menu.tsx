import { IconEdit, IconListCheck, IconTrash } from '@tabler/icons-react';
import {
  actionSuccessMessage,
  hasPermission,
  truncateRoleName,
  type Role,
} from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { toast, useFailureToast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { useDeleteRole } from '../api/delete-role';
import { openRoleEditor } from './open-role-editor';
import { openRolePermissionsDialog } from './role-permissions-dialog';
import { RowMenu, type RowMenuItem } from '@/components/data-table';

/** Permissions for everyone allowed to see them; default roles are never edited or removed. */
export function RoleRowMenu({ role }: { role: Role }) {
  const { permissions } = useCurrentUser();
  const failureToast = useFailureToast();
  const remove = useDeleteRole();
  const items: RowMenuItem[] = [];
  if (hasPermission(permissions, 'view_permissions')) {
    items.push({
      label: 'Permissions',
      icon: <IconListCheck size={16} />,
      onClick: () => openRolePermissionsDialog(role),
    });
  }
  if (hasPermission(permissions, 'manage_roles') && !role.is_default) {
    items.push(
      { label: 'Edit', icon: <IconEdit size={16} />, onClick: () => openRoleEditor(role) },
      {
        label: 'Delete',
        icon: <IconTrash size={16} />,
        color: 'red',
        onClick: () => {
          void confirmDialog({
            title: 'Delete role',
            message: `Delete role ${truncateRoleName(role.title)}?`,
            confirmText: 'Delete',
            danger: true,
          }).then((confirmed) => {
            if (!confirmed) return;
            // A role someone still has answers 409 'Role is assigned to N user(s)'.
            remove
              .mutateAsync(role.id)
              .then(() => toast.success(actionSuccessMessage('role', 'remove')))
              .catch(failureToast('Failed to remove role'));
          });
        },
      },
    );
  }
  return <RowMenu label={role.title} items={items} />;
}

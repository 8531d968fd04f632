import { IconEdit, IconListCheck, IconTrash } from '@tabler/icons-react';
import { hasPermission, truncateRoleName, type Role } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { toast, useFailureToast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { useDeleteRole } from '../api/delete-role';
import { ROLE_TEXTS } from '../texts';
import { openRoleEditor } from './open-role-editor';
import { openRolePermissionsDialog } from './role-permissions-dialog';
import { RowMenu, type RowMenuItem } from '@/components/data-table';
import { actionSuccessMessage } from '@/lib/messages';

/** Permissions for everyone allowed to see them; default roles are never edited or removed. */
export function RoleRowMenu({ role }: { role: Role }) {
  const { permissions } = useCurrentUser();
  const failureToast = useFailureToast();
  const remove = useDeleteRole();
  const items: RowMenuItem[] = [];
  if (hasPermission(permissions, 'view_permissions')) {
    items.push({
      label: ROLE_TEXTS.menuPermissions,
      icon: <IconListCheck size={16} />,
      onClick: () => openRolePermissionsDialog(role),
    });
  }
  if (hasPermission(permissions, 'manage_roles') && !role.is_default) {
    items.push(
      { label: ROLE_TEXTS.edit, icon: <IconEdit size={16} />, onClick: () => openRoleEditor(role) },
      {
        label: ROLE_TEXTS.delete,
        icon: <IconTrash size={16} />,
        color: 'red',
        onClick: () => {
          void confirmDialog({
            title: ROLE_TEXTS.deleteTitle,
            message: ROLE_TEXTS.deleteConfirm(truncateRoleName(role.title)),
            confirmText: ROLE_TEXTS.delete,
            danger: true,
          }).then((confirmed) => {
            if (!confirmed) return;
            // A role someone still has answers 409 'Role is assigned to N user(s)'.
            remove
              .mutateAsync(role.id)
              .then(() => toast.success(actionSuccessMessage(ROLE_TEXTS.items.role, 'remove')))
              .catch(failureToast(ROLE_TEXTS.removeFailed));
          });
        },
      },
    );
  }
  return <RowMenu label={role.title} items={items} />;
}

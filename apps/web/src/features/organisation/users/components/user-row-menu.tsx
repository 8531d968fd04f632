import {
  IconArrowsExchange,
  IconTrash,
  IconUserQuestion,
  IconUserShield,
} from '@tabler/icons-react';
import { actionSuccessMessage, hasPermission, type User } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { openFormDialog } from '@/components/schema-form';
import { toast, useFailureToast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { useDeleteUser } from '../api/delete-user';
import { useRequestImpersonationAccess } from '../api/request-impersonation-access';
import { changeRoleForm } from '../forms/change-role';
import { openMoveUsersDialog } from './open-move-users-dialog';
import { RowMenu, type RowMenuItem } from '@/components/data-table';

/** Change role, move, request impersonation access and delete, each under its permission. */
export function UserRowMenu({ user }: { user: User }) {
  const me = useCurrentUser();
  const failureToast = useFailureToast();
  const remove = useDeleteUser();
  const requestAccess = useRequestImpersonationAccess();
  const can = (permission: Parameters<typeof hasPermission>[1]) =>
    hasPermission(me.permissions, permission);
  const self = user.id === me.id;
  const items: RowMenuItem[] = [];

  if (can('manage_users')) {
    items.push(
      {
        label: 'Change role',
        icon: <IconUserShield size={16} />,
        onClick: () =>
          openFormDialog(changeRoleForm, {
            id: String(user.id),
            initialValues: { company_id: user.company_id, role_id: user.role_id },
          }),
      },
      {
        label: 'Move to company',
        icon: <IconArrowsExchange size={16} />,
        onClick: () => openMoveUsersDialog([user]),
      },
    );
  }
  if (can('impersonate_users') && !self) {
    items.push({
      label: 'Request impersonation access',
      icon: <IconUserQuestion size={16} />,
      onClick: () =>
        requestAccess
          .mutateAsync(user.id)
          .then(() => toast.success(actionSuccessMessage('impersonation access request', 'send')))
          .catch(failureToast('Failed to send impersonation access request')),
    });
  }
  if (can('manage_users') && !self) {
    items.push({
      label: 'Delete',
      icon: <IconTrash size={16} />,
      color: 'red',
      onClick: () => {
        void confirmDialog({
          title: 'Delete user',
          message: `Delete user ${user.email}? This cannot be undone.`,
          confirmText: 'Delete',
          danger: true,
        }).then((confirmed) => {
          if (!confirmed) return;
          remove
            .mutateAsync(user.id)
            .then(() => toast.success(actionSuccessMessage('user', 'remove')))
            .catch(failureToast('Failed to remove user'));
        });
      },
    });
  }
  return <RowMenu label={user.email} items={items} />;
}

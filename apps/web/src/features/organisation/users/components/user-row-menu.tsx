import {
  IconArrowsExchange,
  IconTrash,
  IconUserQuestion,
  IconUserShield,
} from '@tabler/icons-react';
import { hasPermission, type User } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { openFormDialog } from '@/components/schema-form';
import { toast, useFailureToast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { useDeleteUser } from '../api/delete-user';
import { useRequestImpersonationAccess } from '../api/request-impersonation-access';
import { changeRoleForm } from '../forms/change-role';
import { openMoveUsersDialog } from './open-move-users-dialog';
import { RowMenu, type RowMenuItem } from '@/components/data-table';
import { USERS_TEXTS as T } from '../texts';
import { actionSuccessMessage } from '@/lib/messages';

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
        label: T.userMenu.changeRole,
        icon: <IconUserShield size={16} />,
        onClick: () =>
          openFormDialog(changeRoleForm, {
            id: String(user.id),
            initialValues: {
              company_id: user.company_id,
              email: user.email,
              role_id: user.role_id,
            },
          }),
      },
      {
        label: T.userMenu.moveToCompany,
        icon: <IconArrowsExchange size={16} />,
        onClick: () => openMoveUsersDialog([user]),
      },
    );
  }
  if (can('impersonate_users') && !self) {
    items.push({
      label: T.userMenu.requestImpersonation,
      icon: <IconUserQuestion size={16} />,
      onClick: () =>
        requestAccess
          .mutateAsync(user.id)
          .then(() => toast.success(actionSuccessMessage(T.items.impersonationRequest, 'send')))
          .catch(failureToast(T.userMenu.requestFailed)),
    });
  }
  if (can('manage_users') && !self) {
    items.push({
      label: T.userMenu.delete,
      icon: <IconTrash size={16} />,
      color: 'red',
      onClick: () => {
        void confirmDialog({
          title: T.userMenu.deleteTitle,
          message: T.userMenu.deleteConfirm(user.email),
          confirmText: T.userMenu.delete,
          danger: true,
        }).then((confirmed) => {
          if (!confirmed) return;
          remove
            .mutateAsync(user.id)
            .then(() => toast.success(actionSuccessMessage(T.items.user, 'remove')))
            .catch(failureToast(T.userMenu.removeFailed));
        });
      },
    });
  }
  return <RowMenu label={user.email} items={items} />;
}

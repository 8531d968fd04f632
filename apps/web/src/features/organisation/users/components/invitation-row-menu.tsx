import { IconMailForward, IconTrash } from '@tabler/icons-react';
import { hasPermission, type Invitation } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { toast, useFailureToast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { useDeleteInvitation } from '../api/delete-invitation';
import { useResendInvitation } from '../api/resend-invitation';
import { announceInvitation } from './invitation-link-dialog';
import { RowMenu, type RowMenuItem } from '@/components/data-table';
import { USERS_TEXTS as T } from '../texts';
import { actionSuccessMessage } from '@/lib/messages';

/** Resend (not once accepted) and delete, with invite_users. */
export function InvitationRowMenu({ invitation }: { invitation: Invitation }) {
  const { permissions } = useCurrentUser();
  const failureToast = useFailureToast();
  const resend = useResendInvitation();
  const remove = useDeleteInvitation();
  const items: RowMenuItem[] = [];
  if (hasPermission(permissions, 'invite_users')) {
    if (invitation.status !== 'accepted') {
      items.push({
        label: T.invitationMenu.resend,
        icon: <IconMailForward size={16} />,
        onClick: () =>
          resend
            .mutateAsync(invitation.id)
            .then((response) => announceInvitation(response.data))
            .catch(failureToast(T.invitationMenu.sendFailed)),
      });
    }
    items.push({
      label: T.invitationMenu.delete,
      icon: <IconTrash size={16} />,
      color: 'red',
      onClick: () => {
        void confirmDialog({
          title: T.invitationMenu.deleteTitle,
          message: T.invitationMenu.deleteConfirm(invitation.email),
          confirmText: T.invitationMenu.delete,
          danger: true,
        }).then((confirmed) => {
          if (!confirmed) return;
          remove
            .mutateAsync(invitation.id)
            .then(() => toast.success(actionSuccessMessage(T.items.invitation, 'remove')))
            .catch(failureToast(T.invitationMenu.removeFailed));
        });
      },
    });
  }
  return <RowMenu label={invitation.email} items={items} />;
}

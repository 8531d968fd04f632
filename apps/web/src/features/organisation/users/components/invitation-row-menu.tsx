import { IconMailForward, IconTrash } from '@tabler/icons-react';
import { actionSuccessMessage, hasPermission, type Invitation } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { toast, useFailureToast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { useDeleteInvitation } from '../api/delete-invitation';
import { useResendInvitation } from '../api/resend-invitation';
import { announceInvitation } from './invitation-link-dialog';
import { RowMenu, type RowMenuItem } from '@/components/data-table';

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
        label: 'Resend',
        icon: <IconMailForward size={16} />,
        onClick: () =>
          resend
            .mutateAsync(invitation.id)
            .then((response) => announceInvitation(response.data))
            .catch(failureToast('Failed to send invitation')),
      });
    }
    items.push({
      label: 'Delete',
      icon: <IconTrash size={16} />,
      color: 'red',
      onClick: () => {
        void confirmDialog({
          title: 'Delete invitation',
          message: `Delete the invitation of ${invitation.email}? Its link stops working.`,
          confirmText: 'Delete',
          danger: true,
        }).then((confirmed) => {
          if (!confirmed) return;
          remove
            .mutateAsync(invitation.id)
            .then(() => toast.success(actionSuccessMessage('invitation', 'remove')))
            .catch(failureToast('Failed to remove invitation'));
        });
      },
    });
  }
  return <RowMenu label={invitation.email} items={items} />;
}

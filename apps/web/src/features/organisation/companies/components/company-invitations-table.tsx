import { ActionIcon, Badge, Group, Tooltip } from '@mantine/core';
import { IconSend, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import {
  hasPermission,
  INVITATION_SORT_FIELDS,
  INVITATION_STATUSES,
  type Invitation,
  type InvitationStatus,
} from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { confirmDialog } from '@/components/dialogs';
import { toast, useFailureToast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { useCompanyInvitations } from '../api/get-company-invitations';
import { useDeleteInvitation, useResendInvitation } from '../api/invitation-actions';
import { COMPANY_TEXTS } from '../texts';
import { actionFailureMessage, actionSuccessMessage } from '@/lib/messages';

const STATUS_LABELS: Record<InvitationStatus, string> = COMPANY_TEXTS.invitationStatus;
const STATUS_COLORS: Record<InvitationStatus, string> = {
  pending: 'blue',
  expired: 'gray',
  accepted: 'green',
};

const baseColumns: DataTableColumn<Invitation>[] = [
  { key: 'email', header: COMPANY_TEXTS.email, sortable: true, hideable: false },
  { key: 'role_title', header: COMPANY_TEXTS.role, sortable: true },
  {
    key: 'status',
    header: COMPANY_TEXTS.status,
    sortable: true,
    filter: {
      type: 'select',
      options: INVITATION_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
    },
    render: (row) => (
      <Badge variant="light" color={STATUS_COLORS[row.status]}>
        {STATUS_LABELS[row.status]}
      </Badge>
    ),
  },
  {
    key: 'invited_by_email',
    header: COMPANY_TEXTS.invitedBy,
    render: (row) => row.invited_by_email ?? COMPANY_TEXTS.none,
  },
  {
    key: 'created_at',
    header: COMPANY_TEXTS.createdAt,
    sortable: true,
    render: (row) => formatDateTime(row.created_at),
  },
  {
    key: 'expires_at',
    header: COMPANY_TEXTS.expires,
    sortable: true,
    render: (row) => formatDateTime(row.expires_at),
  },
];

function InvitationActions({ invitation }: { invitation: Invitation }) {
  const resend = useResendInvitation();
  const remove = useDeleteInvitation();
  const failureToast = useFailureToast();
  const withdraw = async () => {
    const confirmed = await confirmDialog({
      title: COMPANY_TEXTS.withdrawTitle,
      message: COMPANY_TEXTS.withdrawConfirm(invitation.email),
      confirmText: COMPANY_TEXTS.withdraw,
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(invitation.id, {
      onSuccess: () =>
        toast.success(actionSuccessMessage(COMPANY_TEXTS.items.invitation, 'remove')),
      onError: failureToast(
        actionFailureMessage({ item: COMPANY_TEXTS.items.invitation, verb: 'remove' }),
      ),
    });
  };
  return (
    <Group gap={4} wrap="nowrap">
      {invitation.status !== 'accepted' && (
        <Tooltip label={COMPANY_TEXTS.resend}>
          <ActionIcon
            variant="subtle"
            aria-label={`${COMPANY_TEXTS.resend} ${invitation.email}`}
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(invitation.id, {
                onSuccess: () =>
                  toast.success(actionSuccessMessage(COMPANY_TEXTS.items.invitation, 'send')),
                onError: failureToast(
                  actionFailureMessage({ item: COMPANY_TEXTS.items.invitation, verb: 'send' }),
                ),
              })
            }
          >
            <IconSend size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={COMPANY_TEXTS.withdraw}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`${COMPANY_TEXTS.withdraw} ${invitation.email}`}
          loading={remove.isPending}
          onClick={() => void withdraw()}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Sub tab `users/invitations`: invitations into this company, resent or withdrawn here. */
export function CompanyInvitationsTable({ companyId }: { companyId: number }) {
  const { permissions } = useCurrentUser();
  const canInvite = hasPermission(permissions, 'invite_users');
  const columns = useMemo(
    () =>
      canInvite
        ? [
            ...baseColumns,
            {
              key: 'actions',
              pinned: 'right',
              header: COMPANY_TEXTS.actions,
              hideable: false,
              csv: false,
              render: (row: Invitation) => <InvitationActions invitation={row} />,
            } satisfies DataTableColumn<Invitation>,
          ]
        : baseColumns,
    [canInvite],
  );
  const state = useTableQueryState({
    defaultSort: '-created_at',
    sortFields: INVITATION_SORT_FIELDS,
    columns,
  });
  const result = useCompanyInvitations(companyId, state.query);
  return (
    <DataTable
      label={COMPANY_TEXTS.invitations}
      tableId="company-invitations"
      columns={columns}
      state={state}
      result={result}
      emptyMessage={COMPANY_TEXTS.noInvitations}
      searchPlaceholder={COMPANY_TEXTS.searchInvitations}
    />
  );
}

import { Badge } from '@mantine/core';
import type { InvitationStatus } from '@netfleet/contracts';
import { USERS_TEXTS as T } from '../texts';

export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = T.invitationStatus;

const COLORS: Record<InvitationStatus, string> = {
  pending: 'blue',
  expired: 'gray',
  accepted: 'green',
};

export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {INVITATION_STATUS_LABELS[status]}
    </Badge>
  );
}

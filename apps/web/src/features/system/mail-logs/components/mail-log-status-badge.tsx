import { Badge } from '@mantine/core';
import type { MailLogStatus } from '@netfleet/contracts';
import { MAIL_LOGS_TEXTS as T } from '../texts';

const COLORS: Record<MailLogStatus, string> = { logged: 'gray', sent: 'green', failed: 'red' };

export const MAIL_LOG_STATUS_LABELS: Record<MailLogStatus, string> = T.statuses;

export function MailLogStatusBadge({ status }: { status: MailLogStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {MAIL_LOG_STATUS_LABELS[status]}
    </Badge>
  );
}

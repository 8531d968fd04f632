// English texts of the mail logs page (log and outbox), shared by its components and tests.
import type { MailLogStatus } from '@netfleet/contracts';

export const en = {
  title: 'Mail logs',
  logTab: 'Log',
  outboxTab: 'Outbox',
  date: 'Date',
  to: 'To',
  subject: 'Subject',
  status: 'Status',
  error: 'Error',
  emptyLogs: 'No mail logs found',
  emptyOutbox: 'No unsent mail',
  search: 'Search by recipient or subject',
  statusFilter: 'Filter by status',
  allStatuses: 'All statuses',
  statuses: {
    logged: 'Logged',
    sent: 'Sent',
    failed: 'Failed',
  } satisfies Record<MailLogStatus, string>,
  recipient: (to: string) => `To: ${to}`,
  links: 'Links',
  copy: 'Copy',
  copied: 'Copied',
  copyLink: (link: string) => `Copy ${link}`,
  outboxNote: (days: number, messages: number) =>
    'Mail netfleet did not send because no mail server (SMTP_URL) is configured, in full with its ' +
    'links and codes, for you to hand on. Only super admins see it; it keeps the last ' +
    `${days} days, at most ${messages} messages.`,
} as const;

import { Stack, Title } from '@mantine/core';
import { hasPermission } from '@netfleet/contracts';
import { RoutedTabs, type RoutedTab } from '@/components/routed-tabs';
import { useCurrentUser } from '@/lib/current-user';
import { MailLogTable } from '../components/mail-log-table';
import { OutboxTable } from '../components/outbox-table';
import { MAIL_LOGS_TEXTS as T } from '../texts';

type MailLogsTab = 'log' | 'outbox';

/** The mail log; super admins also get the outbox of mail kept unsent (`?tab=outbox`). */
export function MailLogsPage() {
  const { permissions } = useCurrentUser();
  const tabs: RoutedTab<MailLogsTab>[] = [
    { value: 'log', label: T.logTab, render: () => <MailLogTable /> },
    {
      value: 'outbox',
      label: T.outboxTab,
      hidden: !hasPermission(permissions, 'super_admin'),
      render: () => <OutboxTable />,
    },
  ];
  return (
    <Stack gap="md">
      <Title order={2}>{T.title}</Title>
      {tabs.some((tab) => tab.hidden) ? (
        <MailLogTable />
      ) : (
        <RoutedTabs tabs={tabs} source={{ query: 'tab' }} />
      )}
    </Stack>
  );
}

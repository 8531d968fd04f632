import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { userChannel, type Notification } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { useFailureToast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { useChannel } from '@/lib/realtime';
import { useNotificationsList } from '../api/get-notifications';
import { notificationsKeys } from '../api/keys';
import { unseenIds, useMarkSeen } from '../api/mark-seen';
import { NotificationTypeLabel } from '../components/notification-type';
import { NOTIFICATIONS_TEXTS } from '../texts';

/** Spec §2 /notifications: the full list, newest first (the server's only order). */
export function NotificationsPage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const state = useTableQueryState();
  const result = useNotificationsList(state.query);
  const markSeen = useMarkSeen();
  const failureToast = useFailureToast();

  useChannel(userChannel(user.id), {
    WebNotificationCreated: () =>
      void queryClient.invalidateQueries({ queryKey: notificationsKeys.lists() }),
  });

  const mark = (ids: number[]) =>
    markSeen.mutateAsync(ids).catch(failureToast(NOTIFICATIONS_TEXTS.markSeenFailed));
  const pageUnseen = unseenIds(result.data?.rows ?? []);

  const columns: DataTableColumn<Notification>[] = [
    {
      key: 'created_at',
      header: NOTIFICATIONS_TEXTS.date,
      render: (row) => formatDateTime(row.created_at),
    },
    {
      key: 'type',
      header: NOTIFICATIONS_TEXTS.type,
      render: (row) => <NotificationTypeLabel type={row.type} />,
    },
    { key: 'summary', header: NOTIFICATIONS_TEXTS.summary },
    {
      key: 'seen_at',
      header: NOTIFICATIONS_TEXTS.state,
      render: (row) =>
        row.seen_at ? (
          <Badge variant="light" color="gray" title={formatDateTime(row.seen_at)}>
            {NOTIFICATIONS_TEXTS.seen}
          </Badge>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Badge variant="light" color="blue">
              {NOTIFICATIONS_TEXTS.unseen}
            </Badge>
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={NOTIFICATIONS_TEXTS.markSeenAria(row.summary)}
              onClick={() => void mark([row.id])}
            >
              {NOTIFICATIONS_TEXTS.markSeen}
            </Button>
          </Group>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{NOTIFICATIONS_TEXTS.title}</Title>
        <Button
          variant="light"
          disabled={pageUnseen.length === 0}
          loading={markSeen.isPending}
          onClick={() => void mark(pageUnseen)}
        >
          {NOTIFICATIONS_TEXTS.markAllSeen}
        </Button>
      </Group>
      <DataTable
        label={NOTIFICATIONS_TEXTS.title}
        columns={columns}
        state={state}
        result={result}
        emptyMessage={NOTIFICATIONS_TEXTS.empty}
        searchable={false}
      />
    </Stack>
  );
}

import {
  ActionIcon,
  Anchor,
  Center,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Text,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { userChannel } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { useChannel } from '@/lib/realtime';
import { useBellNotifications } from '../api/get-notifications';
import { prependNotification, unseenIds, useMarkSeen } from '../api/mark-seen';
import { notificationsKeys } from '../api/keys';
import { NOTIFICATIONS_TEXTS } from '../texts';
import { NotificationListItem } from './notification-list-item';

const COUNT_MAX = 99;

interface NotificationsBellProps {
  /** The full list's path; the app layer passes it when the /notifications page is built. */
  viewAllPath?: string;
}

/**
 * Spec §2 Header bell, §4 and §7: the unseen count, the newest notifications on open (always
 * read again), new ones live on top, and closing the list marks everything it showed as seen.
 */
export function NotificationsBell({ viewAllPath }: NotificationsBellProps) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const notifications = useBellNotifications();
  const markSeen = useMarkSeen();
  const headingId = useId();

  useChannel(userChannel(user.id), {
    WebNotificationCreated: ({ notification }) => {
      prependNotification(queryClient, notification);
      void queryClient.invalidateQueries({ queryKey: notificationsKeys.lists() });
    },
    // Once listening (first connect or a reconnect), catch up on what arrived before: the list
    // may have been read before the subscription was in place.
    onSubscribed: () => void notifications.refetch(),
  });

  const open = () => {
    setOpened(true);
    void notifications.refetch();
  };
  const close = () => {
    setOpened(false);
    const ids = unseenIds(notifications.data?.rows ?? []);
    // A failure leaves them unseen; the next close tries again.
    if (ids.length > 0) markSeen.mutate(ids);
  };

  const unseen = notifications.data?.unseen ?? 0;
  let list;
  if (notifications.isError) {
    list = (
      <Text p="md" size="sm" c="red">
        {notifications.error.message}
      </Text>
    );
  } else if (notifications.isPending) {
    list = (
      <Center p="md">
        <Loader size="sm" />
      </Center>
    );
  } else if (notifications.data.rows.length === 0) {
    list = (
      <Text p="md" size="sm" c="dimmed">
        {NOTIFICATIONS_TEXTS.empty}
      </Text>
    );
  } else {
    list = (
      <ScrollArea.Autosize mah={400} type="auto">
        <ul
          aria-label={NOTIFICATIONS_TEXTS.title}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {notifications.data.rows.map((notification) => (
            <NotificationListItem key={notification.id} notification={notification} />
          ))}
        </ul>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? open() : close())}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
      // Keyboard users land in the list, and Escape (handled inside it) closes it.
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Indicator
          label={unseen > COUNT_MAX ? `${COUNT_MAX}+` : unseen}
          size={16}
          color="red"
          disabled={unseen === 0}
          offset={4}
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={
              unseen > 0 ? NOTIFICATIONS_TEXTS.bellUnseen(unseen) : NOTIFICATIONS_TEXTS.bell
            }
            onClick={() => (opened ? close() : open())}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      {/* Named by its heading: Mantine would name it after the target, the count included. */}
      <Popover.Dropdown p={0} aria-labelledby={headingId}>
        <Group justify="space-between" px="sm" py="xs">
          <Text fw={600} size="sm" id={headingId}>
            {NOTIFICATIONS_TEXTS.title}
          </Text>
          {viewAllPath && (
            <Anchor component={Link} to={viewAllPath} size="sm" onClick={close}>
              {NOTIFICATIONS_TEXTS.viewAll}
            </Anchor>
          )}
        </Group>
        <Divider />
        {list}
      </Popover.Dropdown>
    </Popover>
  );
}

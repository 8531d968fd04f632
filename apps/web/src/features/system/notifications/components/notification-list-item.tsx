import { Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Notification } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { NOTIFICATION_TYPE_LABELS } from '../texts';
import { formatRelativeTime } from './format-relative-time';
import { NotificationTypeIcon } from './notification-type';

export function NotificationListItem({ notification }: { notification: Notification }) {
  const unseen = !notification.seen_at;
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      px="sm"
      py={8}
      data-unseen={unseen || undefined}
      bg={unseen ? 'var(--mantine-primary-color-light)' : undefined}
      aria-label={`${NOTIFICATION_TYPE_LABELS[notification.type]}: ${notification.summary}`}
    >
      <NotificationTypeIcon type={notification.type} />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" fw={unseen ? 600 : undefined}>
          {notification.summary}
        </Text>
        <Tooltip label={formatDateTime(notification.created_at)} openDelay={500}>
          <Box
            component="time"
            dateTime={notification.created_at}
            fz="xs"
            c="dimmed"
            w="fit-content"
          >
            {formatRelativeTime(notification.created_at)}
          </Box>
        </Tooltip>
      </Stack>
    </Group>
  );
}

import { Group, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCoinOff,
  IconTicket,
  IconUserPlus,
  type Icon,
} from '@tabler/icons-react';
import type { Notification } from '@netfleet/contracts';
import { NOTIFICATION_TYPE_LABELS } from '../texts';

const TYPE_ICONS: Record<Notification['type'], { icon: Icon; color: string }> = {
  invitedUserRegistration: { icon: IconUserPlus, color: 'blue' },
  creditCodeActivation: { icon: IconTicket, color: 'green' },
  creditAmountTooLow: { icon: IconCoinOff, color: 'orange' },
  deviceAlert: { icon: IconAlertTriangle, color: 'red' },
};

export function NotificationTypeIcon({ type }: { type: Notification['type'] }) {
  const { icon: TypeIcon, color } = TYPE_ICONS[type];
  return (
    <ThemeIcon variant="light" color={color} radius="xl" size="md" aria-hidden>
      <TypeIcon size={16} />
    </ThemeIcon>
  );
}

export function NotificationTypeLabel({ type }: { type: Notification['type'] }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <NotificationTypeIcon type={type} />
      <Text size="sm">{NOTIFICATION_TYPE_LABELS[type]}</Text>
    </Group>
  );
}

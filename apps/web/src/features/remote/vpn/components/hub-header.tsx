import { Button, Group, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import type { VpnHub } from '@netfleet/contracts';
import { VPN_TEXTS as T } from '../texts';
import { HubStatusBadge } from './hub-status-badge';
import { useHubActions } from './use-hub-actions';

/** The hub's name and state, and with manage rights: enable or disable, delete. */
export function HubHeader({ hub, onRemoved }: { hub: VpnHub; onRemoved: () => void }) {
  const actions = useHubActions();
  return (
    <Group justify="space-between" align="flex-start">
      <Group gap="sm" align="center">
        <Title order={2}>{hub.name}</Title>
        <HubStatusBadge status={hub.status} />
        {hub.description && (
          <Text size="sm" c="dimmed">
            {hub.description}
          </Text>
        )}
      </Group>
      {actions.allowed && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={
              hub.enabled === 1 ? (
                <IconPlayerStop size={14} aria-hidden />
              ) : (
                <IconPlayerPlay size={14} aria-hidden />
              )
            }
            onClick={() => actions.toggle(hub)}
          >
            {hub.enabled === 1 ? T.disable : T.enable}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => actions.remove([hub], onRemoved)}
          >
            {T.delete}
          </Button>
        </Group>
      )}
    </Group>
  );
}

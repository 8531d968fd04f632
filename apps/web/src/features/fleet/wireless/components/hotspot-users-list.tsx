import { ActionIcon, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useCallback } from 'react';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { useHotspotUsers } from '../api/get-hotspot-users';
import type { HotspotRef } from '../api/keys';
import { useRemoveHotspotUser } from '../api/remove-hotspot-user';
import { HOTSPOT_USER_TEXTS } from '../texts';
import { DeviceReadError, DeviceReadLoading } from './device-read-state';

export interface HotspotTarget extends HotspotRef {
  ssid: string;
  device_name: string;
}

interface HotspotUsersListProps {
  hotspot: HotspotTarget;
  canManage: boolean;
  /** A change was sent and the device has not finished it yet. */
  waiting: boolean;
  /** A removal was accepted: its status channel. */
  onRemoved: (channel: string) => void;
}

/** The hotspot's users as the device lists them, each removable (after a confirmation). */
export function HotspotUsersList({
  hotspot,
  canManage,
  waiting,
  onRemoved,
}: HotspotUsersListProps) {
  const users = useHotspotUsers(hotspot);
  const { mutateAsync } = useRemoveHotspotUser();

  const remove = useCallback(
    (username: string) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: HOTSPOT_USER_TEXTS.removeTitle,
          message: HOTSPOT_USER_TEXTS.removeConfirm(username, hotspot.ssid),
          confirmText: HOTSPOT_USER_TEXTS.remove,
          danger: true,
        });
        if (!confirmed) return;
        try {
          onRemoved(await mutateAsync({ hotspot, username }));
        } catch (error) {
          toast.error(error instanceof Error ? error.message : String(error));
        }
      })();
    },
    [hotspot, mutateAsync, onRemoved],
  );

  let body;
  if (users.isPending) {
    body = <DeviceReadLoading text={HOTSPOT_USER_TEXTS.readingUsers} />;
  } else if (users.isError) {
    body = <DeviceReadError error={users.error} onRetry={() => void users.refetch()} />;
  } else if (users.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {HOTSPOT_USER_TEXTS.noUsers}
      </Text>
    );
  } else {
    body = (
      <Table aria-label={HOTSPOT_USER_TEXTS.users} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{HOTSPOT_USER_TEXTS.username}</Table.Th>
            {canManage && <Table.Th w={60} aria-label={HOTSPOT_USER_TEXTS.remove} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.data.map(({ username }) => (
            <Table.Tr key={username}>
              <Table.Td>{username}</Table.Td>
              {canManage && (
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={HOTSPOT_USER_TEXTS.removeUser(username)}
                    onClick={() => remove(username)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={5}>{HOTSPOT_USER_TEXTS.users}</Title>
        <Button
          size="xs"
          variant="subtle"
          loading={users.isFetching}
          onClick={() => void users.refetch()}
        >
          {HOTSPOT_USER_TEXTS.refresh}
        </Button>
      </Group>
      {waiting && (
        <Text size="xs" c="dimmed">
          {HOTSPOT_USER_TEXTS.waiting}
        </Text>
      )}
      {body}
    </Stack>
  );
}

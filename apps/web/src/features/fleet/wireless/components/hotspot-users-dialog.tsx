import { Divider, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { hasPermission, type PermissionRequirement } from '@netfleet/contracts';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { useCurrentUser } from '@/lib/current-user';
import { wirelessKeys } from '../api/keys';
import { useChangeFinished } from '../api/use-change-finished';
import { HOTSPOT_USER_TEXTS } from '../texts';
import { AddHotspotUserForm } from './add-hotspot-user-form';
import { HotspotSessionsList } from './hotspot-sessions-list';
import { HotspotUsersList, type HotspotTarget } from './hotspot-users-list';

/** What the server's POST and DELETE of hotspot users require. */
const MANAGE: PermissionRequirement = { allOf: ['update_devices', 'view_device_hotspots'] };

/** Renders nothing; reloads the lists once the device finished the change on `channel`. */
function ChangeWatcher(props: { channel: string; item: string; onFinished: () => void }) {
  useChangeFinished(props.channel, props.item, props.onFinished);
  return null;
}

/**
 * The 'Hotspot users' dialog: the users and active sessions read from the device, adding and
 * removing users (device jobs followed in 'Action status'; the lists reload when they finish).
 */
export function HotspotUsersDialog({ hotspot }: { hotspot: HotspotTarget }) {
  const { permissions } = useCurrentUser();
  const canManage = hasPermission(permissions, MANAGE);
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string[]>([]);

  const track = useCallback((channel: string) => {
    if (channel) setPending((current) => [...current, channel]);
  }, []);
  const settle = useCallback(
    (channel: string) => {
      setPending((current) => current.filter((entry) => entry !== channel));
      void queryClient.invalidateQueries({ queryKey: wirelessKeys.hotspot(hotspot) });
    },
    [queryClient, hotspot],
  );

  return (
    <Stack gap="md">
      {pending.map((channel) => (
        <ChangeWatcher
          key={channel}
          channel={channel}
          item={String(hotspot.device_id)}
          onFinished={() => settle(channel)}
        />
      ))}
      <HotspotUsersList
        hotspot={hotspot}
        canManage={canManage}
        waiting={pending.length > 0}
        onRemoved={track}
      />
      {canManage ? (
        <AddHotspotUserForm hotspot={hotspot} onAdded={track} />
      ) : (
        <Text size="sm" c="dimmed">
          {HOTSPOT_USER_TEXTS.readOnly}
        </Text>
      )}
      <Divider />
      <HotspotSessionsList hotspot={hotspot} />
    </Stack>
  );
}

/**
 * The dialog as the main one; also the named dialog 'hotspot.users' (app/named-dialogs.ts), so
 * pages of other features (the device page's hotspots) can open it.
 */
export function hotspotUsersDialog(hotspot: HotspotTarget): DialogOptions {
  return {
    id: 'hotspot-users',
    title: HOTSPOT_USER_TEXTS.title,
    subtitle: HOTSPOT_USER_TEXTS.subtitle(hotspot.ssid, hotspot.device_name),
    size: 'lg',
    main: true,
    content: <HotspotUsersDialog hotspot={hotspot} />,
  };
}

/** Opens the dialog for one row of the hotspots list. */
export function openHotspotUsersDialog(hotspot: HotspotTarget): void {
  dialogs.open(hotspotUsersDialog(hotspot));
}

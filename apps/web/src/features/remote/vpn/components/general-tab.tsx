import { Button, Group, Stack } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { VpnHub } from '@netfleet/contracts';
import { VPN_TEXTS as T } from '../texts';
import { HubDetails } from './hub-details';
import { HubSettingsForm } from './hub-settings-form';
import { useHubActions } from './use-hub-actions';

/** The hub's state and settings; with manage rights its name, tags and subnet can be changed. */
export function GeneralTab({ hub }: { hub: VpnHub }) {
  const { allowed, edit } = useHubActions();
  return (
    <Stack gap="lg">
      {allowed && (
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => edit(hub)}
          >
            {T.edit}
          </Button>
        </Group>
      )}
      <HubDetails hub={hub} />
      {/* Keyed by the saved subnet: after a save the form starts from what the hub has now. */}
      {allowed && <HubSettingsForm key={`${hub.ip}/${hub.netmask}`} hub={hub} />}
    </Stack>
  );
}

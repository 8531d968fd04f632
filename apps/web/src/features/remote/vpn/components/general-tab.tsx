import { Stack } from '@mantine/core';
import type { VpnHub } from '@netfleet/contracts';
import { HubDetails } from './hub-details';
import { HubSettingsForm } from './hub-settings-form';
import { useHubActions } from './use-hub-actions';

/** The hub's state and settings; its subnet can be changed with manage rights. */
export function GeneralTab({ hub }: { hub: VpnHub }) {
  const { allowed } = useHubActions();
  return (
    <Stack gap="lg">
      <HubDetails hub={hub} />
      {/* Keyed by the saved subnet: after a save the form starts from what the hub has now. */}
      {allowed && <HubSettingsForm key={`${hub.ip}/${hub.netmask}`} hub={hub} />}
    </Stack>
  );
}

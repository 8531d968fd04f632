import { Stack } from '@mantine/core';
import { DeviceRules } from './device-rules';
import { DhcpOptions } from './dhcp-options';
import { useHubActions } from './use-hub-actions';

/** What the hub pushes to its clients and what its device clients forward. */
export function ConfigurationTab({ hubId }: { hubId: number }) {
  const { allowed } = useHubActions();
  return (
    <Stack gap="xl">
      <DhcpOptions hubId={hubId} canManage={allowed} />
      <DeviceRules hubId={hubId} canManage={allowed} />
    </Stack>
  );
}

import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { Device } from '@netfleet/contracts';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';
import { AccessRulesTable } from './access-rules-table';
import { DeviceConnectButtons } from './device-connect-buttons';
import { DeviceLinks } from './device-links';
import { DeviceScanMenu } from './device-scan-menu';
import { useAccessActions } from './use-access-actions';

/**
 * The remote access part of the device page's 'ports and access' tab (the app layer adds it):
 * web UI and CLI, the device's access rules, and the user's own active links to it.
 */
export function DeviceRemoteAccessPanel({ device }: { device: Device }) {
  const actions = useAccessActions();
  const { id, name } = device;
  // Stable between renders of the page: the table's columns and actions are built from it.
  const ref = useMemo(() => ({ id, name }), [id, name]);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={4}>{T.remoteAccess}</Title>
        {actions.allowed && (
          <Group gap="xs">
            <DeviceConnectButtons device={ref} />
            <DeviceScanMenu deviceId={device.id} />
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => actions.add(ref)}
            >
              {T.add}
            </Button>
          </Group>
        )}
      </Group>
      <AccessRulesTable device={ref} />
      {actions.allowed && (
        <Stack gap="xs">
          <Title order={5}>{T.activeLinks}</Title>
          <DeviceLinks deviceId={device.id} />
        </Stack>
      )}
    </Stack>
  );
}

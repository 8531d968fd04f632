import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconRadar } from '@tabler/icons-react';
import { isApiError } from '@/lib/api-error';
import { useDeviceScan, type DeviceScan } from '../api/device-scans';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';

/** Finds what to reach on a device: its open access ports, or the hosts on its LAN. */
export function DeviceScanMenu({ deviceId }: { deviceId: number }) {
  const scan = useDeviceScan();
  const run = (kind: DeviceScan) =>
    scan.mutate(
      { id: deviceId, scan: kind, title: kind === 'ports' ? T.scanPorts : T.scanLan },
      {
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: isApiError(error) ? error.message : T.scanFailed,
          }),
      },
    );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          loading={scan.isPending}
          leftSection={<IconRadar size={14} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {T.scan}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => run('ports')}>{T.scanPorts}</Menu.Item>
        <Menu.Item onClick={() => run('lan')}>{T.scanLan}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

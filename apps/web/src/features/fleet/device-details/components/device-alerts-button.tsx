import { Button } from '@mantine/core';
import { IconBellCog } from '@tabler/icons-react';
import { hasPermission, type Device } from '@netfleet/contracts';
import { openNamedDialog } from '@/components/dialogs';
import { useCurrentUser } from '@/lib/current-user';
import { DEVICE_TEXTS as T } from '../texts';

/**
 * The device's alert configurations (view_device_alert_configurations). The dialog belongs to
 * the device alerts feature: opened by its spec name (the app layer registers it).
 */
export function DeviceAlertsButton({ device }: { device: Pick<Device, 'id' | 'name'> }) {
  const { permissions } = useCurrentUser();
  if (!hasPermission(permissions, 'view_device_alert_configurations')) return null;
  const devices = [{ id: device.id, name: device.name }];
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconBellCog size={14} aria-hidden />}
      onClick={() => void openNamedDialog('alerts.device-alerts', { devices })}
    >
      {T.deviceAlerts}
    </Button>
  );
}

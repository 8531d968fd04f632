import { Badge, type MantineColor } from '@mantine/core';
import type { DeviceJobState } from '@netfleet/contracts';
import { DEVICE_STATE_LABELS } from '../texts';

const COLORS: Record<DeviceJobState, MantineColor> = {
  queued: 'gray',
  sent: 'cyan',
  running: 'blue',
  completed: 'green',
  failed: 'red',
  cancelled: 'dark',
  timeout: 'orange',
};

/** How far one device has got with an action. */
export function DeviceStatusBadge({ status }: { status: DeviceJobState }) {
  return (
    <Badge color={COLORS[status]} variant="light" size="sm" miw="max-content">
      {DEVICE_STATE_LABELS[status]}
    </Badge>
  );
}

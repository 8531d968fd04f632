import { Badge } from '@mantine/core';
import type { DeviceJobState } from '@netfleet/contracts';
import { JOB_STATE_LABELS } from '../texts';

const COLORS: Record<DeviceJobState, string> = {
  queued: 'gray',
  sent: 'blue',
  running: 'cyan',
  completed: 'green',
  failed: 'red',
  cancelled: 'gray',
  timeout: 'orange',
};

export function JobStatusBadge({ status }: { status: DeviceJobState }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {JOB_STATE_LABELS[status]}
    </Badge>
  );
}

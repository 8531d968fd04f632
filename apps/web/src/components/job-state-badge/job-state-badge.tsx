import { Badge, type MantineColor } from '@mantine/core';
import type { DeviceJobState } from '@netfleet/contracts';
import { JOB_STATE_LABELS } from './texts';

// Grey while waiting, cool colours while under way, then green, red or orange by how it ended;
// a cancelled job is the user's choice, not a fault.
const COLORS: Record<DeviceJobState, MantineColor> = {
  queued: 'gray',
  sent: 'cyan',
  running: 'blue',
  completed: 'green',
  failed: 'red',
  cancelled: 'dark',
  timeout: 'orange',
};

/** How far a device job (an action's device, an update, a command) has got. */
export function JobStateBadge({ state }: { state: DeviceJobState }) {
  return (
    <Badge color={COLORS[state]} variant="light" size="sm" miw="max-content">
      {JOB_STATE_LABELS[state]}
    </Badge>
  );
}

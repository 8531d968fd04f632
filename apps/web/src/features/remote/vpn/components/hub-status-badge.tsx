import { Badge, Tooltip, type MantineColor } from '@mantine/core';
import type { VpnHubState, VpnHubStatus } from '@netfleet/contracts';
import { STATE_LABELS } from '../texts';

const COLORS: Readonly<Record<VpnHubState, MantineColor>> = {
  running: 'green',
  starting: 'blue',
  stopped: 'gray',
  failed: 'red',
  disabled: 'gray',
  unavailable: 'yellow',
};

/** The hub's state; why it is not running shows on hover (and to screen readers). */
export function HubStatusBadge({ status }: { status: VpnHubStatus }) {
  const badge = (
    <Badge
      color={COLORS[status.state]}
      variant="light"
      aria-description={status.error ?? undefined}
    >
      {STATE_LABELS[status.state]}
    </Badge>
  );
  if (!status.error) return badge;
  return (
    <Tooltip label={status.error} multiline maw={360} withArrow>
      {badge}
    </Tooltip>
  );
}

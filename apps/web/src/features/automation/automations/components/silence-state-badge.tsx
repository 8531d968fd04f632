import { Badge } from '@mantine/core';
import type { SilenceState } from '../model/silence-state';
import { STATE_COLORS, STATE_LABELS } from '../silence-texts';

/** Active now, scheduled or ended (see `silenceState`). */
export function SilenceStateBadge({ state }: { state: SilenceState }) {
  return (
    <Badge variant="light" color={STATE_COLORS[state]}>
      {STATE_LABELS[state]}
    </Badge>
  );
}

import { Badge, type MantineColor } from '@mantine/core';
import type { GroupLogState, TaskLogState, TaskRunState } from '@netfleet/contracts';
import { GROUP_LOG_STATE_LABELS, RUN_STATE_LABELS, TASK_LOG_STATE_LABELS } from '../texts';

const RUN_COLORS: Record<TaskRunState, MantineColor> = {
  scheduled: 'gray',
  running: 'blue',
  paused: 'yellow',
  completed: 'green',
  cancelled: 'dark',
};

const GROUP_LOG_COLORS: Record<GroupLogState, MantineColor> = {
  pending: 'gray',
  running: 'blue',
  completed: 'green',
  failed: 'red',
  expired: 'orange',
  cancelled: 'dark',
};

const TASK_LOG_COLORS: Record<TaskLogState, MantineColor> = {
  ...GROUP_LOG_COLORS,
  waiting_retry: 'yellow',
  skipped: 'gray',
};

/**
 * A state is a word or two: shown whole. Mantine's badge may shrink to nothing and ellipsise, which
 * a table squeezed by a wide result column did ("C…").
 */
const WHOLE = { root: { overflow: 'visible' }, label: { overflow: 'visible' } } as const;

function StateBadge({ label, color }: { label: string; color: MantineColor }) {
  return (
    <Badge color={color} variant="light" size="sm" styles={WHOLE}>
      {label}
    </Badge>
  );
}

export function RunStatusBadge({ status }: { status: TaskRunState }) {
  return <StateBadge label={RUN_STATE_LABELS[status]} color={RUN_COLORS[status]} />;
}

export function GroupLogStateBadge({ state }: { state: GroupLogState }) {
  return <StateBadge label={GROUP_LOG_STATE_LABELS[state]} color={GROUP_LOG_COLORS[state]} />;
}

export function TaskLogStatusBadge({ status }: { status: TaskLogState }) {
  return <StateBadge label={TASK_LOG_STATE_LABELS[status]} color={TASK_LOG_COLORS[status]} />;
}

import { Badge, Group, Progress, Stack, type MantineColor } from '@mantine/core';
import type { TaskRunCounts } from '@netfleet/contracts';
import { COUNT_LABELS } from '../texts';

type CountKey = keyof typeof COUNT_LABELS;

// Finished outcomes first, then what is still to come, as the bar fills from the left.
const ORDER: readonly CountKey[] = [
  'completed',
  'failed',
  'expired',
  'cancelled',
  'running',
  'pending',
];

const COLORS: Record<CountKey, MantineColor> = {
  completed: 'green',
  failed: 'red',
  expired: 'orange',
  cancelled: 'dark',
  running: 'blue',
  pending: 'gray',
};

interface RunCountsProps {
  counts: TaskRunCounts;
  /** A wider bar and larger badges (the run's header). */
  large?: boolean;
}

/** A run's devices by state: a segmented bar and a badge per state that has any ('5 done'). */
export function RunCounts({ counts, large = false }: RunCountsProps) {
  const present = ORDER.filter((key) => counts[key] > 0);
  return (
    <Stack gap={4} miw={large ? 320 : 160}>
      {counts.total > 0 && (
        // The badges say the same in words.
        <Progress.Root size={large ? 'lg' : 'sm'} aria-hidden>
          {present.map((key) => (
            <Progress.Section
              key={key}
              value={(counts[key] / counts.total) * 100}
              color={COLORS[key]}
              withAria={false}
            />
          ))}
        </Progress.Root>
      )}
      <Group gap={4}>
        {present.map((key) => (
          <Badge key={key} color={COLORS[key]} variant="light" size={large ? 'md' : 'xs'}>
            {`${counts[key]} ${COUNT_LABELS[key]}`}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

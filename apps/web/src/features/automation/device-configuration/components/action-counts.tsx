import { Badge, Group, Progress, Stack, type MantineColor } from '@mantine/core';
import type { ConfigAction } from '@netfleet/contracts';
import { COUNT_LABELS } from '../texts';

type CountKey = keyof typeof COUNT_LABELS;

// Finished outcomes first, then what is still to come, as the bar fills from the left.
const ORDER: readonly CountKey[] = ['completed', 'failed', 'pending'];

const COLORS: Record<CountKey, MantineColor> = {
  completed: 'green',
  failed: 'red',
  pending: 'gray',
};

interface ActionCountsProps {
  action: Pick<ConfigAction, 'devices' | CountKey>;
  /** A wider bar and larger badges (the action's header). */
  large?: boolean;
}

/** An action's devices by outcome: a segmented bar and a badge per outcome that has any. */
export function ActionCounts({ action, large = false }: ActionCountsProps) {
  const present = ORDER.filter((key) => action[key] > 0);
  return (
    <Stack gap={4} miw={large ? 320 : 160}>
      {action.devices > 0 && (
        // The badges say the same in words.
        <Progress.Root size={large ? 'lg' : 'sm'} aria-hidden>
          {present.map((key) => (
            <Progress.Section
              key={key}
              value={(action[key] / action.devices) * 100}
              color={COLORS[key]}
              withAria={false}
            />
          ))}
        </Progress.Root>
      )}
      <Group gap={4}>
        {present.map((key) => (
          <Badge key={key} color={COLORS[key]} variant="light" size={large ? 'md' : 'xs'}>
            {`${action[key]} ${COUNT_LABELS[key]}`}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

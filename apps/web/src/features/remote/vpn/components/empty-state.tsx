import { Button, Center, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

interface EmptyStateProps {
  text: string;
  /** The one thing to do next, when the user may. */
  action?: { label: string; onClick: () => void } | undefined;
}

/** Nothing exists yet (not just no match for a search): say so and offer to add the first. */
export function EmptyState({ text, action }: EmptyStateProps) {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm">
        <Text c="dimmed">{text}</Text>
        {action && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={action.onClick}>
            {action.label}
          </Button>
        )}
      </Stack>
    </Center>
  );
}

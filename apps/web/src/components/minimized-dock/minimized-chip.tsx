import { ActionIcon, Button, Group, Paper } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface MinimizedChipProps {
  /** What the chip shows: the window's title. */
  children: ReactNode;
  restoreLabel: string;
  closeLabel: string;
  onRestore: () => void;
  onClose: () => void;
}

/** One minimised window in the dock: its title brings it back, the cross closes it. */
export function MinimizedChip({
  children,
  restoreLabel,
  closeLabel,
  onRestore,
  onClose,
}: MinimizedChipProps) {
  return (
    <Paper shadow="sm" withBorder p={4}>
      <Group gap={4} wrap="nowrap">
        <Button size="xs" variant="subtle" maw={220} aria-label={restoreLabel} onClick={onRestore}>
          {children}
        </Button>
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          aria-label={closeLabel}
          onClick={onClose}
        >
          <IconX size={14} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

import { Button, Group, Paper, Text } from '@mantine/core';
import { DATA_TABLE_TEXTS as T } from './texts';
import type { BulkAction } from './types';

interface BulkActionsBarProps<T> {
  rows: T[];
  actions: readonly BulkAction<T>[];
  onClear: () => void;
}

/** Shown while rows are ticked: how many, and the actions that take them. */
export function BulkActionsBar<T>({ rows, actions, onClear }: BulkActionsBarProps<T>) {
  if (rows.length === 0) return null;
  return (
    <Paper withBorder p="xs" role="region" aria-label={T.selectedRows}>
      <Group gap="sm" justify="space-between">
        <Text size="sm" fw={500}>
          {T.selected(rows.length)}
        </Text>
        <Group gap="xs">
          {actions.map((action) => (
            <Button
              key={action.label}
              size="xs"
              variant="light"
              color={action.color}
              disabled={action.disabled?.(rows) ?? false}
              onClick={() => action.onClick(rows)}
            >
              {action.label}
            </Button>
          ))}
          <Button size="xs" variant="subtle" color="gray" onClick={onClear}>
            {T.clearSelection}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

import { ActionIcon, Affix, Button, getDefaultZIndex, Group, Paper } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { dialogs } from './dialog-store';
import { DIALOG_TEXTS } from './texts';
import type { DialogEntry } from './types';

// Titles may be elements; the buttons' accessible names need text.
const nameOf = (entry: DialogEntry) =>
  typeof entry.options.title === 'string' ? entry.options.title : entry.options.id;

/** Spec §4 Modals: minimised dialogs wait as chips in the bottom-left corner. */
export function MinimizedBar({ entries }: { entries: readonly DialogEntry[] }) {
  if (entries.length === 0) return null;
  return (
    // Above the dialogs' overlay, so a minimised dialog can be brought back over an open one.
    <Affix position={{ bottom: 16, left: 16 }} zIndex={getDefaultZIndex('modal')}>
      <Group gap="xs" role="toolbar" aria-label={DIALOG_TEXTS.minimizedBar}>
        {entries.map((entry) => (
          <Paper key={entry.key} shadow="sm" withBorder p={4}>
            <Group gap={4} wrap="nowrap">
              <Button
                size="xs"
                variant="subtle"
                maw={220}
                aria-label={DIALOG_TEXTS.restore(nameOf(entry))}
                onClick={() => dialogs.restore(entry.options.id)}
              >
                {entry.options.title}
              </Button>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                aria-label={DIALOG_TEXTS.closeMinimized(nameOf(entry))}
                onClick={() => dialogs.close(entry.options.id)}
              >
                <IconX size={14} />
              </ActionIcon>
            </Group>
          </Paper>
        ))}
      </Group>
    </Affix>
  );
}

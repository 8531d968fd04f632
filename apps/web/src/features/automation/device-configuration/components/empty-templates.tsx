import { Button, EmptyState } from '@mantine/core';
import { IconAdjustments, IconPlus } from '@tabler/icons-react';
import { CONFIG_TEXTS as T } from '../texts';

/** No template exists yet: say what one is and offer the first. */
export function EmptyTemplates({ onCreate }: { onCreate: () => void }) {
  return (
    <EmptyState
      py="xl"
      icon={<IconAdjustments size={32} aria-hidden />}
      withIndicatorBackground
      title={T.empty}
      description={T.emptyHint}
    >
      <EmptyState.Actions>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onCreate}>
          {T.newTemplate}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

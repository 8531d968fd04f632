import { Button, EmptyState } from '@mantine/core';
import { IconListCheck, IconPlus } from '@tabler/icons-react';
import { TASK_TEXTS as T } from '../texts';

/** No group exists yet: say what one is and offer the first (when the user may create one). */
export function EmptyTaskGroups({ onCreate }: { onCreate?: () => void }) {
  return (
    <EmptyState
      py="xl"
      icon={<IconListCheck size={32} aria-hidden />}
      withIndicatorBackground
      title={T.empty}
      description={T.emptyHint}
    >
      {onCreate && (
        <EmptyState.Actions>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onCreate}>
            {T.newGroup}
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}

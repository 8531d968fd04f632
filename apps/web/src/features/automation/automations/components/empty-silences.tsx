import { Button, EmptyState } from '@mantine/core';
import { IconBellOff, IconPlus } from '@tabler/icons-react';
import { SILENCES_TEXTS as T } from '../silence-texts';
import { openSilenceDialog } from './silence-dialog';

/** No silence exists yet: say what one does and offer the first. */
export function EmptySilences({ canManage }: { canManage: boolean }) {
  return (
    <EmptyState
      py="xl"
      icon={<IconBellOff size={32} aria-hidden />}
      withIndicatorBackground
      title={T.empty}
      description={T.emptyHint}
    >
      {canManage && (
        <EmptyState.Actions>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => openSilenceDialog()}
          >
            {T.newSilence}
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}

import { Button, EmptyState } from '@mantine/core';
import { IconCpu, IconUpload } from '@tabler/icons-react';
import { GLOBAL_FIRMWARE_TEXTS as T } from '../texts';

/** No global firmware exists yet: say what it is for and offer the first upload. */
export function EmptyFirmware({ onUpload }: { onUpload: () => void }) {
  return (
    <EmptyState
      py="xl"
      icon={<IconCpu size={32} aria-hidden />}
      withIndicatorBackground
      title={T.empty}
      description={T.emptyHint}
    >
      <EmptyState.Actions>
        <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={onUpload}>
          {T.upload}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

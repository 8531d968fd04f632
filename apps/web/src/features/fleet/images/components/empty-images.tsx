import { Button, EmptyState } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { IMAGES_TEXTS as T } from '../texts';

/** No images at all yet: say what they are for and offer the first upload to those who may. */
export function EmptyImages({ onUpload }: { onUpload: (() => void) | null }) {
  return (
    <EmptyState
      py="xl"
      icon={<IconPhoto size={32} aria-hidden />}
      withIndicatorBackground
      title={T.empty}
      description={T.emptyHint}
    >
      {onUpload && (
        <EmptyState.Actions>
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={onUpload}>
            {T.upload}
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}

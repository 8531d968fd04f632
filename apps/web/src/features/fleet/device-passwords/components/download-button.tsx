import { Button, Group, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useDownloadPasswords } from '../api/download-passwords';
import { PASSWORD_TEXTS as T } from '../texts';

interface DownloadButtonProps {
  batchId: string;
  /** The result of a change: a large button saying it works once; a list row: a small one. */
  prominent?: boolean;
}

/** Downloads the batch's passwords as CSV; once saved, says so instead. */
export function DownloadButton({ batchId, prominent = false }: DownloadButtonProps) {
  const { state, download } = useDownloadPasswords(batchId);
  if (state === 'done') {
    return (
      <Group gap={4} wrap="nowrap">
        <IconCircleCheck
          size={prominent ? 20 : 16}
          color="var(--mantine-color-green-filled)"
          aria-hidden
        />
        <Text size="sm">{T.downloaded}</Text>
      </Group>
    );
  }
  return (
    <Button
      size={prominent ? 'md' : 'xs'}
      variant={prominent ? 'filled' : 'light'}
      leftSection={<IconDownload size={prominent ? 20 : 14} aria-hidden />}
      loading={state === 'waiting'}
      onClick={() => void download()}
    >
      {prominent ? T.download : T.downloadShort}
    </Button>
  );
}

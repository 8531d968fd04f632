import { ActionIcon, Button, FileButton, Group, Tooltip } from '@mantine/core';
import { IconFolderPlus, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { CONNECT_TEXTS } from '../texts';

interface SftpToolbarProps {
  onUpload: (files: File[]) => void;
  onNewFolder: () => void;
  onRefresh: () => void;
}

export function SftpToolbar({ onUpload, onNewFolder, onRefresh }: SftpToolbarProps) {
  // Cleared after each choice, so choosing the same file again uploads it again.
  const resetFiles = useRef<() => void>(null);
  return (
    <Group gap="xs">
      <FileButton
        multiple
        resetRef={resetFiles}
        onChange={(files) => {
          if (files.length > 0) onUpload(files);
          resetFiles.current?.();
        }}
      >
        {(props) => (
          <Button size="xs" leftSection={<IconUpload size={14} />} {...props}>
            {CONNECT_TEXTS.upload}
          </Button>
        )}
      </FileButton>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFolderPlus size={14} />}
        onClick={onNewFolder}
      >
        {CONNECT_TEXTS.newFolder}
      </Button>
      <Tooltip label={CONNECT_TEXTS.refresh}>
        <ActionIcon
          variant="default"
          size="md"
          aria-label={CONNECT_TEXTS.refresh}
          onClick={onRefresh}
        >
          <IconRefresh size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

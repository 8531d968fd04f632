import { Button, Group, Text } from '@mantine/core';
import { IconClipboard, IconRefresh } from '@tabler/icons-react';
import { CONNECT_TEXTS } from '../texts';
import type { TerminalStatus } from './use-terminal-session';

interface TerminalToolbarProps {
  status: TerminalStatus;
  onPaste: () => void;
  onReconnect: () => void;
}

const statusText = (status: TerminalStatus) =>
  status.kind === 'ready'
    ? CONNECT_TEXTS.connected
    : status.kind === 'closed'
      ? status.reason
      : CONNECT_TEXTS.connecting;

export function TerminalToolbar({ status, onPaste, onReconnect }: TerminalToolbarProps) {
  return (
    <Group justify="space-between" wrap="nowrap" px="md" py={4}>
      <Text size="sm" c={status.kind === 'closed' ? 'dimmed' : undefined} role="status" truncate>
        {statusText(status)}
      </Text>
      <Group gap="xs" wrap="nowrap">
        {status.kind === 'closed' && (
          <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={onReconnect}>
            {CONNECT_TEXTS.reconnect}
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          leftSection={<IconClipboard size={14} />}
          disabled={status.kind !== 'ready'}
          onClick={onPaste}
        >
          {CONNECT_TEXTS.paste}
        </Button>
      </Group>
    </Group>
  );
}

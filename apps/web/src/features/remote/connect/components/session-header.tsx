import { Button, Group, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ConnectSession } from '@netfleet/contracts';
import { isApiError } from '@/lib/api-client';
import { useEndSession } from '../api/end-session';
import { formatTimeLeft, sessionTarget } from '../model/session-state';
import { CONNECT_TEXTS } from '../texts';
import { useSecondsLeft } from './use-seconds-left';

interface SessionHeaderProps {
  session: ConnectSession;
  /** Epoch ms the link runs out at. */
  expiresAt: number;
  onDisconnected: () => void;
}

function TimeLeft({ expiresAt }: { expiresAt: number }) {
  const seconds = useSecondsLeft(expiresAt);
  // The relay closes the connection itself at that moment; the screen shows its own end.
  return seconds === 0 ? (
    <Text size="sm" c="red" fw={500} role="status">
      {CONNECT_TEXTS.linkExpired}
    </Text>
  ) : (
    <Text size="sm" c="dimmed" ff="monospace">
      {CONNECT_TEXTS.timeLeft(formatTimeLeft(seconds))}
    </Text>
  );
}

export function SessionHeader({ session, expiresAt, onDisconnected }: SessionHeaderProps) {
  const end = useEndSession(session.id);
  const disconnect = () =>
    end.mutate(undefined, {
      onSuccess: onDisconnected,
      onError: (error) => {
        // Already gone (expired and swept meanwhile): the user's wish is met all the same.
        if (isApiError(error) && error.status === 404) onDisconnected();
        else notifications.show({ color: 'red', message: error.message });
      },
    });
  return (
    <Group
      component="header"
      justify="space-between"
      wrap="nowrap"
      px="md"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="md" wrap="nowrap" miw={0}>
        <Title order={1} size="h5" lineClamp={1}>
          {session.device_name}
        </Title>
        <Text size="sm" c="dimmed" ff="monospace" truncate>
          {sessionTarget(session)}
        </Text>
      </Group>
      <Group gap="md" wrap="nowrap">
        <TimeLeft expiresAt={expiresAt} />
        <Button size="xs" color="red" variant="light" loading={end.isPending} onClick={disconnect}>
          {CONNECT_TEXTS.disconnect}
        </Button>
      </Group>
    </Group>
  );
}

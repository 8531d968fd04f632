// The lazy desktop chunk: noVNC loads only with this screen.
import { Alert, Box, Button, Center, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useRef } from 'react';
import { CONNECT_TEXTS } from '../texts';
import { useVnc, type VncStatus } from './use-vnc';
import { VncPasswordForm } from './vnc-password-form';

function statusText(status: VncStatus): string {
  switch (status.kind) {
    case 'connected':
      return CONNECT_TEXTS.connected;
    case 'disconnected':
      return status.reason
        ? `${CONNECT_TEXTS.disconnected}: ${status.reason}`
        : CONNECT_TEXTS.disconnected;
    case 'failed':
      return status.reason;
    case 'refused':
      return CONNECT_TEXTS.passwordRefused;
    default:
      return CONNECT_TEXTS.connecting;
  }
}

const ENDED = new Set<VncStatus['kind']>(['disconnected', 'failed', 'refused']);

/** The device's desktop, scaled to the screen's area, on the session's VNC relay. */
export function VncScreen({ sessionId }: { sessionId: number }) {
  const container = useRef<HTMLDivElement>(null);
  const vnc = useVnc(container, sessionId);
  const { status } = vnc;
  const ended = ENDED.has(status.kind);

  return (
    <Stack h="100%" gap={0}>
      <Group justify="space-between" wrap="nowrap" px="md" py={4}>
        <Text size="sm" role="status" c={status.kind === 'failed' ? 'red' : undefined} truncate>
          {statusText(status)}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {ended && (
            <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={vnc.reconnect}>
              {status.kind === 'refused' ? CONNECT_TEXTS.tryAgain : CONNECT_TEXTS.reconnect}
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            disabled={status.kind !== 'connected'}
            onClick={vnc.sendCtrlAltDel}
          >
            {CONNECT_TEXTS.ctrlAltDel}
          </Button>
        </Group>
      </Group>
      <Box pos="relative" style={{ flex: 1, minHeight: 0 }}>
        {/* noVNC owns this element's content: React renders nothing into it. */}
        <Box ref={container} data-testid="vnc-screen" h="100%" />
        {status.kind === 'credentials' && (
          <Center pos="absolute" inset={0} p="md">
            <VncPasswordForm types={status.types} onSubmit={vnc.sendCredentials} />
          </Center>
        )}
        {status.kind === 'refused' && status.reason !== '' && (
          <Center pos="absolute" inset={0} p="md">
            <Alert color="red" variant="light" role="alert" title={CONNECT_TEXTS.passwordRefused}>
              {status.reason}
            </Alert>
          </Center>
        )}
      </Box>
    </Stack>
  );
}

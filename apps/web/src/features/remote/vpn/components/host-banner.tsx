import { Alert, Code, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useHubHost } from '../api/get-host';
import { VPN_TEXTS as T } from '../texts';

/**
 * Says, when it is so, that this server cannot run OpenVPN: why, and what fixes it. Informative
 * rather than alarming: hubs are still made and configured, and start once the host is fixed.
 * Nothing is shown while loading or when the host is fine (or cannot be asked).
 */
export function HostBanner() {
  const { data: host } = useHubHost();
  if (!host || host.available) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />} title={T.hostTitle}>
      <Stack gap={6}>
        {host.reason && <Text size="sm">{host.reason}</Text>}
        {host.fix && (
          <Text size="sm">
            {T.hostFix} <Code>{host.fix}</Code>
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {T.hostNote}
        </Text>
      </Stack>
    </Alert>
  );
}

import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { HOTSPOT_USER_TEXTS } from '../texts';

/** While the device is asked (the server waits up to 10 s for its answer). */
export function DeviceReadLoading({ text }: { text: string }) {
  return (
    <Group gap="xs">
      <Loader size="sm" />
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}

/** The server's reason (the device is offline, refused, did not answer) and a retry. */
export function DeviceReadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{error.message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {HOTSPOT_USER_TEXTS.retry}
        </Button>
      </Group>
    </Alert>
  );
}

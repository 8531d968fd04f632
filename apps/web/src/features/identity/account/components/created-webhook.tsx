import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { WEBHOOK_TEXTS } from '../texts';

interface CreatedWebhookViewProps {
  url: string;
  secret: string;
  onDone: () => void;
}

/** The signing secret of a new webhook; the dialog forgets it on close, so it is seen once. */
export function CreatedWebhookView({ url, secret, onDone }: CreatedWebhookViewProps) {
  return (
    <Stack gap="md">
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {url}
      </Text>
      <Alert color="yellow" variant="light">
        {WEBHOOK_TEXTS.secretOnce}
      </Alert>
      <Code block data-testid="webhook-secret">
        {secret}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="light" color={copied ? 'green' : undefined} onClick={copy}>
              {copied ? WEBHOOK_TEXTS.copied : WEBHOOK_TEXTS.copySecret}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{WEBHOOK_TEXTS.done}</Button>
      </Group>
    </Stack>
  );
}

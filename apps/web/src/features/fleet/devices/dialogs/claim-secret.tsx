import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { CreatedDevice } from '@netfleet/contracts';
import { DEVICE_TEXTS } from '../texts';

interface ClaimSecretProps {
  device: CreatedDevice;
  onClose: () => void;
}

/** The new device's claim secret, shown this once (the server keeps only its hash). */
export function ClaimSecret({ device, onClose }: ClaimSecretProps) {
  return (
    <Stack gap="md">
      <Text size="sm">
        {DEVICE_TEXTS.added}: {device.name || device.serial}
      </Text>
      <Alert color="orange" variant="light" title={DEVICE_TEXTS.claimSecret}>
        {DEVICE_TEXTS.claimSecretOnce}
      </Alert>
      <Group gap="sm" wrap="nowrap">
        <Code fz="md" aria-label={DEVICE_TEXTS.claimSecret} style={{ userSelect: 'all' }}>
          {device.claim_secret}
        </Code>
        <CopyButton value={device.claim_secret}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" color={copied ? 'green' : undefined} onClick={copy}>
              {copied ? DEVICE_TEXTS.copied : DEVICE_TEXTS.copy}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onClose}>{DEVICE_TEXTS.finish}</Button>
      </Group>
    </Stack>
  );
}

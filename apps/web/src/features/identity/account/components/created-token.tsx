import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import type { CreatedToken } from '@netfleet/contracts';
import { ACCOUNT_TEXTS } from '../texts';

/** The secret of a new token; the dialog forgets it on close, so it is seen exactly once. */
export function CreatedTokenView({ token, onDone }: { token: CreatedToken; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light">
        {ACCOUNT_TEXTS.tokenOnce}
      </Alert>
      <Code block data-testid="created-token">
        {token.token}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={token.token}>
          {({ copied, copy }) => (
            <Button variant="light" color={copied ? 'green' : undefined} onClick={copy}>
              {copied ? ACCOUNT_TEXTS.copied : ACCOUNT_TEXTS.copy}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{ACCOUNT_TEXTS.done}</Button>
      </Group>
    </Stack>
  );
}

import { List, Stack, Text } from '@mantine/core';
import type { DeviceFailure } from '../model/batch-result';
import { PASSWORD_TEXTS as T } from '../texts';

/** The devices whose password is not changed, each with the server's reason. */
export function FailureList({ failures }: { failures: readonly DeviceFailure[] }) {
  if (failures.length === 0) return null;
  return (
    <Stack gap={4} role="alert">
      <Text size="sm" fw={500}>
        {T.notDone}
      </Text>
      <List size="sm" spacing={2}>
        {failures.map((failure, index) => (
          // The same device may be named by two errors: the index keeps the keys apart.
          <List.Item key={`${failure.device ?? ''}-${index}`}>
            {failure.device ? `${failure.device}: ${failure.message}` : failure.message}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
